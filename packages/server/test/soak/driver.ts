// The soak: simulated staff signed in to one running server, each doing a day's work in a loop
// with think time between actions, for a while. Shared by the short soak in the server's tests
// (packages/server/test/soak.test.ts) and the long one of `npm run soak` (bench/soak/main.mjs).
// It speaks to the server over HTTP only, as the app does.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  endpoints,
  type AttendanceClassesResponse,
  type AttendanceSheet,
  type AttendanceStatus,
  type MonthRegister,
  type SaveScoresRequest,
  type ScoreClassesResponse,
  type ScoreSheetResponse,
  type SessionOfDay,
} from '@sala/contract';
import { seededRandom } from '../../src/lib/random.js';

/** What the users work on: the school's accounts, its date and the month test being entered. */
export interface SoakPlan {
  /** The password of every account. */
  password: string;
  /** The school's today (Cambodia), as the server sees it. */
  today: string;
  /** How many days after a sheet's date a teacher may still change it (the school's setting). */
  attendanceEditDays: number;
  /** The month test whose scores are being entered (draft sheets). */
  scoreTest: { termId: string; month: number };
  /** The teachers' usernames, those with classes first. */
  teacherUsernames: string[];
  /** The office clerk's username. */
  officeUsername: string;
}

export interface SoakOptions {
  /** The server, e.g. http://127.0.0.1:3000. */
  base: string;
  plan: SoakPlan;
  users: number;
  /** How long the users work; an action begun before the end is finished. */
  durationMs: number;
  /** The users sign in spread over this long from the start. */
  rampMs?: number;
  /**
   * Each user's pause between two actions: uniform between these two, in ms. Between opening a
   * sheet and saving it (marking the students, typing scores) they pause a quarter of it.
   */
  thinkMs?: [number, number];
  seed?: number;
  /** The server's process (its resident memory is read every `everyMs`). */
  rss?: { pid: number; everyMs: number };
  /** A line of progress now and then. */
  progress?: (line: string) => void;
  /** How often `progress` is told, in ms (default every minute). */
  progressEveryMs?: number;
}

/** The actions a user does. Teachers: all but `correction`; the office: all but attendance and scores. */
export const soakActions = [
  'sign-in',
  'attendance',
  'scores',
  'results',
  'report cards',
  'dashboard',
  'register',
  'correction',
  'refresh',
] as const;
export type SoakAction = (typeof soakActions)[number];

/** The requests, each timed on its own. */
export const soakRequests = [
  'sign in',
  'refresh token',
  'attendance classes',
  'attendance sheet',
  'attendance save',
  'attendance correction',
  'month register',
  'score classes',
  'score sheet',
  'score save',
  'results',
  'report cards',
  'dashboard',
] as const;
export type SoakRequest = (typeof soakRequests)[number];

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RssSummary {
  /** Seconds since the start, resident MB (10⁶ bytes). */
  samples: [number, number][];
  startMB: number;
  endMB: number;
  maxMB: number;
  /** Least-squares slope of the samples of the second half of the run, MB per minute. */
  slopeMBPerMinute: number;
  /** The slope under which the memory is judged flat, MB per minute. */
  flatBelowMBPerMinute: number;
  flat: boolean;
}

export interface SoakReport {
  users: number;
  offices: number;
  /** Teaching users signed in as the same teacher as another user (a second device). */
  secondDevices: number;
  seconds: number;
  thinkSeconds: [number, number];
  /** Every request sent, the 409 conflicts and their reloads included. */
  requests: number;
  requestsPerSecond: number;
  /** Answers other than 2xx (except the counted conflicts) and requests with no answer. */
  errors: number;
  errorSamples: string[];
  /**
   * Saves refused because someone had changed the same marks or cells since the user opened the
   * sheet (409 ATTENDANCE_CONFLICT, SCORE_CONFLICT): the user reloads it and saves again.
   */
  conflicts: { attendance: number; scores: number };
  /** Of those saves, the ones that went through after reloading the sheet. */
  conflictsResolved: number;
  /**
   * Requests sent again because the server closed their kept-alive connection as they went out
   * (a browser does the same); a second failure is an error.
   */
  connectionResets: number;
  /** Actions done, by kind (an action may send several requests). */
  actions: Record<SoakAction, number>;
  latency: Partial<Record<SoakRequest, LatencySummary>>;
  rss?: RssSummary;
}

/**
 * Memory is judged flat when it grows slower than 2 MB a minute over the run's second half. That
 * is as fine as 10 minutes can resolve: the garbage collector's sawtooth lifts the resident
 * memory 10–25 MB for up to half a minute at a time, and one such tooth at either end of a
 * 5-minute half tilts the least-squares line by 1–2 MB a minute. A leak above it is one to chase
 * (at the 10–25 requests a second of 200 users, 2–3 KB kept per request); one below it needs a
 * longer soak (`--minutes 60`) to show.
 */
export const FLAT_RSS_MB_PER_MINUTE = 2;

/** How many of `users` work in the office (one in twenty, at least one), the rest teach. */
export const officeUsers = (users: number) => (users < 2 ? 0 : Math.max(1, Math.round(users / 20)));

/**
 * One teaching user in 25 is the previous one's teacher on a second device (a phone beside the
 * laptop): the only users who may type into the same score cells at the same time.
 */
const SECOND_DEVICE_EVERY = 25;

/** The teacher account (index among the school's teachers) of the n-th teaching user. */
export const teacherAccountOf = (n: number) => n - Math.floor((n + 1) / SECOND_DEVICE_EVERY);

/** Nearest-rank percentile of a sorted list. */
const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

function summarize(list: number[]): LatencySummary {
  const sorted = [...list].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The least-squares slope of y over x. */
export function slope(points: [number, number][]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** A process's resident memory in MB (10⁶ bytes), from /proc (undefined elsewhere). */
export function residentMB(pid: number): number | undefined {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? (Number(line.split(/\s+/)[1]) * 1024) / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const monthOf = (date: string) => date.slice(0, 7);
const monthBefore = (date: string) => monthOf(addDays(`${monthOf(date)}-01`, -1));

/** How a connection closed under a request shows in fetch's error (its cause's code). */
const connectionClosed = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** A request the flow cannot go on after (already counted as an error). */
class Refused extends Error {}

interface Answer<T> {
  status: number;
  body: T;
}

interface ErrorBody {
  code?: string;
}

/** The shared tally of a run. */
class Tally {
  latencies = new Map<SoakRequest, number[]>();
  requests = 0;
  errors = 0;
  errorSamples: string[] = [];
  conflicts = { attendance: 0, scores: 0 };
  conflictsResolved = 0;
  resets = 0;
  actions = Object.fromEntries(soakActions.map((a) => [a, 0])) as Record<SoakAction, number>;

  time(kind: SoakRequest, ms: number) {
    this.requests += 1;
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  error(line: string) {
    this.errors += 1;
    if (this.errorSamples.length < 20) this.errorSamples.push(line);
  }
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

/** Chooses from weighted items. */
function weighted<T>(next: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items.at(-1)![0];
}

const teacherWork: [SoakAction, number][] = [
  ['attendance', 30],
  ['scores', 30],
  ['dashboard', 12],
  ['results', 9],
  ['report cards', 7],
  ['register', 8],
  ['refresh', 4],
];
const officeWork: [SoakAction, number][] = [
  ['correction', 30],
  ['register', 20],
  ['dashboard', 20],
  ['results', 15],
  ['report cards', 10],
  ['refresh', 5],
];

/** A user refreshes their access token once it is this old, whatever they were about to do. */
const REFRESH_AFTER_MS = 10 * 60_000;

/** One simulated member of staff. */
class User {
  private accessToken = '';
  private refreshToken = '';
  /** When the access token was issued (performance.now()). */
  private tokenAt = 0;
  private attendanceClasses?: AttendanceClassesResponse;
  private scoreClasses?: ScoreClassesResponse;
  private readonly language: 'en' | 'km';
  private readonly thinkMs: [number, number];

  constructor(
    private readonly options: SoakOptions,
    private readonly tally: Tally,
    readonly username: string,
    readonly office: boolean,
    private readonly next: () => number,
    /** The first action, so that a short run does every kind at least once. */
    private firstAction: SoakAction | undefined,
  ) {
    this.language = next() < 0.6 ? 'km' : 'en';
    this.thinkMs = options.thinkMs ?? [5_000, 25_000];
  }

  /** A pause of `share` of a think time. */
  private pause(share = 1) {
    const [min, max] = this.thinkMs;
    const ms = share * (min + this.next() * (max - min));
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** One request, timed and counted; `allowed` statuses are the caller's to handle. */
  private async send<T>(
    kind: SoakRequest,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    allowed: number[] = [],
  ): Promise<Answer<T>> {
    const started = performance.now();
    let status = 0;
    let text = '';
    for (let attempt = 0; ; attempt += 1) {
      try {
        const response = await fetch(`${this.options.base}${url}`, {
          method,
          headers: {
            'accept-language': this.language,
            ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        status = response.status;
        text = await response.text();
        break;
      } catch (error) {
        const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
        // A kept-alive connection the server closed as the request went out (its idle timer
        // fired first): sent again once on a new one, as a browser does. Every save here may
        // be repeated (a sheet's id, the scores' `was`).
        if (attempt === 0 && cause?.code && connectionClosed.has(cause.code)) {
          this.tally.resets += 1;
          continue;
        }
        this.tally.time(kind, performance.now() - started);
        this.tally.error(
          `${kind} ${method} ${url} (${this.username}): ${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message})` : ''} after ${(performance.now() - started).toFixed(0)} ms`,
        );
        throw new Refused();
      }
    }
    this.tally.time(kind, performance.now() - started);
    const ok = status >= 200 && status <= 299;
    if (!ok && !allowed.includes(status)) {
      this.tally.error(
        `${kind} ${method} ${url.split('?')[0]} (${this.username}): ${status} ${text.slice(0, 300)}`,
      );
      throw new Refused();
    }
    return { status, body: (text ? JSON.parse(text) : {}) as T };
  }

  async signIn() {
    const { body } = await this.send<{ accessToken: string; refreshToken: string }>(
      'sign in',
      'POST',
      endpoints.postLogin.path,
      { username: this.username, password: this.options.plan.password, deviceId: randomUUID() },
    );
    this.accessToken = body.accessToken;
    this.refreshToken = body.refreshToken;
    this.tokenAt = performance.now();
    this.tally.actions['sign-in'] += 1;
  }

  /**
   * Works until `endAt` (performance.now()), an action then a pause, over and over; the first
   * action even when signing in took until then.
   */
  async work(endAt: number) {
    const [thinkMin, thinkMax] = this.thinkMs;
    while (this.firstAction !== undefined || performance.now() < endAt) {
      // Like the app, a refresh before the access token (15 minutes) runs out.
      const action =
        this.firstAction ??
        (performance.now() - this.tokenAt > REFRESH_AFTER_MS
          ? 'refresh'
          : weighted(this.next, this.office ? officeWork : teacherWork));
      this.firstAction = undefined;
      try {
        await this.act(action);
      } catch (error) {
        if (!(error instanceof Refused)) {
          this.tally.error(`${action} (${this.username}): ${(error as Error).stack}`);
        }
      }
      const pause = thinkMin + this.next() * (thinkMax - thinkMin);
      const left = endAt - performance.now();
      if (left <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }

  private async act(action: SoakAction): Promise<void> {
    switch (action) {
      case 'attendance':
        if (await this.takeAttendance()) return this.done(action);
        return this.act('dashboard');
      case 'scores':
        if (await this.enterScores()) return this.done(action);
        return this.act('dashboard');
      case 'results':
      case 'report cards': {
        const classId = await this.someClassId();
        if (!classId) return this.act('dashboard');
        const { termId, month } = this.options.plan.scoreTest;
        if (action === 'results') {
          const period = this.next() < 0.6 ? `month&month=${month}` : 'term';
          await this.send(
            'results',
            'GET',
            `${endpoints.getResults.path}?classId=${classId}&period=${period}&termId=${termId}`,
          );
        } else {
          await this.send(
            'report cards',
            'GET',
            `${endpoints.getReportCards.path}?classId=${classId}&period=month&termId=${termId}&month=${month}&format=json`,
          );
        }
        return this.done(action);
      }
      case 'dashboard':
        await this.send('dashboard', 'GET', endpoints.getDashboard.path);
        return this.done(action);
      case 'register': {
        const classId = await this.someClassId(true);
        if (!classId) return this.act('dashboard');
        await this.readRegister(classId, monthOf(this.options.plan.today));
        return this.done(action);
      }
      case 'correction':
        if (await this.correctOldSheet()) return this.done(action);
        return this.act('register');
      case 'refresh': {
        const { body } = await this.send<{ accessToken: string; refreshToken: string }>(
          'refresh token',
          'POST',
          endpoints.postRefresh.path,
          { refreshToken: this.refreshToken },
        );
        this.accessToken = body.accessToken;
        this.refreshToken = body.refreshToken;
        this.tokenAt = performance.now();
        return this.done(action);
      }
      case 'sign-in':
        return this.signIn();
    }
  }

  private done(action: SoakAction) {
    this.tally.actions[action] += 1;
  }

  private async loadAttendanceClasses() {
    this.attendanceClasses ??= (
      await this.send<AttendanceClassesResponse>(
        'attendance classes',
        'GET',
        endpoints.getAttendanceClasses.path,
      )
    ).body;
    return this.attendanceClasses;
  }

  private async loadScoreClasses() {
    this.scoreClasses ??= (
      await this.send<ScoreClassesResponse>('score classes', 'GET', endpoints.getScoreClasses.path)
    ).body;
    return this.scoreClasses;
  }

  /** A class the user works with: one they teach (their homeroom class more often), any for the office. */
  private async someClassId(homeroomFirst = false): Promise<string | undefined> {
    const { items } = await this.loadAttendanceClasses();
    if (items.length === 0) return undefined;
    const homeroom = items.filter((c) => c.homeroom);
    if (homeroom.length > 0 && (homeroomFirst || this.next() < 0.5))
      return pick(this.next, homeroom).id;
    return pick(this.next, items).id;
  }

  private readRegister(classId: string, month: string) {
    return this.send<MonthRegister>(
      'month register',
      'GET',
      `${endpoints.getAttendanceMonth.path}?classId=${classId}&month=${month}`,
    );
  }

  /** The shifts a class's attendance is taken in (the server's rule). */
  private sessionsOf(classSession: SessionOfDay, school: readonly SessionOfDay[]) {
    if (school.includes(classSession)) return [classSession];
    if (classSession === 'full_day') return [...school];
    return school.includes('full_day') ? (['full_day'] as SessionOfDay[]) : [];
  }

  /**
   * Opens the sheet of a class they teach, for today mostly or a day of the week still open to
   * change, marks every student and saves it: a new sheet under an id the client makes.
   */
  private async takeAttendance(): Promise<boolean> {
    const { items, sessions, periods } = await this.loadAttendanceClasses();
    if (items.length === 0) return false;
    const homeroom = items.filter((c) => c.homeroom);
    const klass =
      homeroom.length > 0 && this.next() < 0.7 ? pick(this.next, homeroom) : pick(this.next, items);
    const shifts = this.sessionsOf(klass.session, sessions);
    if (shifts.length === 0) return false;
    const session = pick(this.next, shifts);
    // A subject teacher takes the register of their lesson; the homeroom teacher the day's.
    const lessons = periods.filter((p) => p.session === session || p.session === 'full_day');
    const periodId =
      !klass.homeroom && lessons.length > 0 ? pick(this.next, lessons).id : undefined;
    const back =
      this.next() < 0.6
        ? 0
        : 1 + Math.floor(this.next() * Math.min(5, this.options.plan.attendanceEditDays));
    const date = addDays(this.options.plan.today, -back);
    const key = { classId: klass.id, date, session, ...(periodId ? { periodId } : {}) };
    const { body } = await this.send<{ sheet: AttendanceSheet }>(
      'attendance sheet',
      'GET',
      `${endpoints.getAttendanceSheet.path}?${new URLSearchParams(key).toString()}`,
    );
    const { sheet } = body;
    if (!sheet.editable) {
      this.tally.error(`attendance sheet ${JSON.stringify(key)} (${this.username}): not editable`);
      return true;
    }
    await this.pause(0.25);
    await this.saveSheet('attendance save', key, sheet, (row) => {
      if (row.leave) return { status: 'permission', minutesLate: null, note: row.leave.reason };
      const r = this.next();
      const status: AttendanceStatus =
        r < 0.9 ? 'present' : r < 0.94 ? 'absent' : r < 0.97 ? 'permission' : 'late';
      return {
        status,
        minutesLate: status === 'late' ? 5 + Math.floor(this.next() * 25) : null,
        note: status === 'permission' ? 'Sick' : '',
      };
    });
    return true;
  }

  /**
   * Saves a sheet with the marks `markOf` gives its rows (none: the row is left out and keeps
   * its mark), each with the mark the sheet showed (`was`); a new sheet under an id the client
   * makes. A 409 ATTENDANCE_CONFLICT (someone else changed one of those marks since): reload the
   * sheet and put the same marks on top of it, as the app does.
   */
  private async saveSheet(
    kind: 'attendance save' | 'attendance correction',
    key: { classId: string; date: string; session: SessionOfDay; periodId?: string },
    opened: AttendanceSheet,
    markOf: (
      row: AttendanceSheet['rows'][number],
    ) => { status: AttendanceStatus; minutesLate: number | null; note: string } | undefined,
  ) {
    const chosen = new Map(opened.rows.map((row) => [row.student.id, markOf(row)]));
    const madeId = randomUUID();
    let sheet = opened;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const saved = await this.send<ErrorBody>(
        kind,
        'POST',
        endpoints.postAttendanceSheets.path,
        {
          id: sheet.saved ? sheet.id : madeId,
          ...key,
          marks: sheet.rows.flatMap((row) => {
            const mark = chosen.get(row.student.id);
            if (!mark) return [];
            const was = { status: row.status, minutesLate: row.minutesLate };
            return [{ studentId: row.student.id, ...mark, was }];
          }),
        },
        [409],
      );
      if (saved.status !== 409) {
        if (attempt > 0) this.tally.conflictsResolved += 1;
        return;
      }
      if (saved.body.code !== 'ATTENDANCE_CONFLICT') {
        this.tally.error(
          `${kind} (${this.username}): 409 ${JSON.stringify(saved.body).slice(0, 300)}`,
        );
        return;
      }
      this.tally.conflicts.attendance += 1;
      sheet = (
        await this.send<{ sheet: AttendanceSheet }>(
          'attendance sheet',
          'GET',
          `${endpoints.getAttendanceSheet.path}?${new URLSearchParams(key).toString()}`,
        )
      ).body.sheet;
    }
    this.tally.error(`${kind} (${this.username}): still in conflict after 3 reloads`);
  }

  /**
   * Opens a subject they enter in a class, types a row of scores (5–15 students) and saves it,
   * each cell with what the sheet showed (`was`). A 409 SCORE_CONFLICT (someone changed one of
   * those cells since): reload the sheet and save again, as the app does.
   */
  private async enterScores(): Promise<boolean> {
    const { classes } = await this.loadScoreClasses();
    const entered = classes.filter((c) => c.subjects.some((s) => s.canEnter));
    if (entered.length === 0) return false;
    const klass = pick(this.next, entered);
    const subject = pick(
      this.next,
      klass.subjects.filter((s) => s.canEnter),
    );
    const { termId, month } = this.options.plan.scoreTest;
    const url = `${endpoints.getScoreSheet.path}?classId=${klass.id}&termId=${termId}&kind=month&month=${month}&subjectId=${subject.id}`;
    let sheet = (await this.send<ScoreSheetResponse>('score sheet', 'GET', url)).body;
    const students = sheet.students.filter((s) => s.active);
    if (students.length === 0) return false;
    const count = Math.min(students.length, 5 + Math.floor(this.next() * 11));
    const from = Math.floor(this.next() * (students.length - count + 1));
    const typed = students.slice(from, from + count).map((student) => {
      const absent = this.next() < 0.02;
      return {
        studentId: student.id,
        score: absent ? null : Math.round(this.next() * subject.maxScore * 2) / 2,
        absent,
      };
    });
    await this.pause(0.25);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const shown = new Map(
        sheet.cells.filter((c) => c.subjectId === subject.id).map((c) => [c.studentId, c]),
      );
      const request: SaveScoresRequest = {
        classId: klass.id,
        termId,
        kind: 'month',
        month,
        cells: typed.map((cell) => {
          const was = shown.get(cell.studentId);
          return {
            ...cell,
            subjectId: subject.id,
            note: '',
            was: { score: was?.score ?? null, absent: was?.absent ?? false },
          };
        }),
      };
      const saved = await this.send<ErrorBody>(
        'score save',
        'POST',
        endpoints.postScoreBatch.path,
        request,
        [409],
      );
      if (saved.status !== 409) {
        if (attempt > 0) this.tally.conflictsResolved += 1;
        return true;
      }
      if (saved.body.code !== 'SCORE_CONFLICT') {
        this.tally.error(
          `score save (${this.username}): 409 ${JSON.stringify(saved.body).slice(0, 300)}`,
        );
        return true;
      }
      this.tally.conflicts.scores += 1;
      sheet = (await this.send<ScoreSheetResponse>('score sheet', 'GET', url)).body;
    }
    this.tally.error(`score save (${this.username}): still in conflict after 3 reloads`);
    return true;
  }

  /**
   * The office corrects a sheet the teachers may no longer change (a parent's note brought in
   * late): the class's register of last month, a day taken there, its sheet, one or two marks
   * changed to permission.
   */
  private async correctOldSheet(): Promise<boolean> {
    const { items } = await this.loadAttendanceClasses();
    if (items.length === 0) return false;
    const klass = pick(this.next, items);
    const month = monthBefore(this.options.plan.today);
    const { body: register } = await this.readRegister(klass.id, month);
    const closed = addDays(this.options.plan.today, -(this.options.plan.attendanceEditDays + 1));
    const taken: { date: string; session: SessionOfDay }[] = [];
    for (let day = 1; day <= register.days; day += 1) {
      const date = `${month}-${String(day).padStart(2, '0')}`;
      if (date > closed) break;
      register.sessions.forEach((session, s) => {
        if (register.students.some((row) => row.marks[day - 1]?.[s])) taken.push({ date, session });
      });
    }
    if (taken.length === 0) return false;
    const { date, session } = pick(this.next, taken);
    const key = { classId: klass.id, date, session };
    const { body } = await this.send<{ sheet: AttendanceSheet }>(
      'attendance sheet',
      'GET',
      `${endpoints.getAttendanceSheet.path}?classId=${klass.id}&date=${date}&session=${session}`,
    );
    const { sheet } = body;
    if (!sheet.saved || !sheet.editable || sheet.rows.length === 0) {
      this.tally.error(
        `correction of ${klass.id} ${date} ${session}: the sheet is not open to the office`,
      );
      return true;
    }
    const changed = new Set(
      Array.from(
        { length: 1 + Math.floor(this.next() * 2) },
        () => pick(this.next, sheet.rows).student.id,
      ),
    );
    // Only the marks corrected are sent: the others keep theirs.
    await this.saveSheet('attendance correction', key, sheet, (row) =>
      changed.has(row.student.id)
        ? { status: 'permission', minutesLate: null, note: 'Letter from the family' }
        : undefined,
    );
    return true;
  }
}

/**
 * Runs the soak: `users` members of staff (one in twenty in the office, the others teachers,
 * each with their own account while the school has enough, but one in 25 on a second device)
 * sign in over the ramp, then work until the time is up. Every request is timed; the server's
 * memory is sampled.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { plan, users: count } = options;
  const seed = options.seed ?? 1;
  const rampMs = options.rampMs ?? Math.min(30_000, options.durationMs / 4);
  const thinkMs = options.thinkMs ?? [5_000, 25_000];
  const offices = officeUsers(count);
  const tally = new Tally();
  const teacherActions = teacherWork.map(([a]) => a);
  const officeActions: SoakAction[] = [
    'correction',
    ...officeWork.map(([a]) => a).filter((a) => a !== 'correction'),
  ];
  // The office's users spread among the teachers, so that they sign in along the ramp too.
  const officeAt = new Set(
    Array.from({ length: offices }, (_, k) => Math.floor(((k + 0.5) * count) / offices)),
  );
  let teachers = 0;
  let clerks = 0;
  const users = Array.from({ length: count }, (_, i) => {
    const office = officeAt.has(i);
    const n = office ? clerks++ : teachers++;
    const username = office
      ? plan.officeUsername
      : plan.teacherUsernames[teacherAccountOf(n) % plan.teacherUsernames.length]!;
    const first = office
      ? officeActions[n % officeActions.length]!
      : teacherActions[n % teacherActions.length]!;
    return new User(
      { ...options, thinkMs },
      tally,
      username,
      office,
      seededRandom(seed * 7919 + i),
      first,
    );
  });

  const started = performance.now();
  const endAt = started + options.durationMs;
  const samples: [number, number][] = [];
  const sample = () => {
    const mb = options.rss ? residentMB(options.rss.pid) : undefined;
    if (mb !== undefined)
      samples.push([(performance.now() - started) / 1000, Math.round(mb * 10) / 10]);
  };
  sample();
  const sampler = options.rss ? setInterval(sample, options.rss.everyMs) : undefined;
  const progressEvery = options.progressEveryMs ?? 60_000;
  const ticker = options.progress
    ? setInterval(() => {
        const seconds = (performance.now() - started) / 1000;
        options.progress!(
          `${seconds.toFixed(0)} s: ${tally.requests} requests, ${tally.errors} errors, ${tally.conflicts.attendance + tally.conflicts.scores} conflicts${samples.length > 0 ? `, server ${samples.at(-1)![1].toFixed(0)} MB` : ''}`,
        );
      }, progressEvery)
    : undefined;

  try {
    await Promise.all(
      users.map(async (user, i) => {
        await new Promise((resolve) => setTimeout(resolve, (rampMs * i) / count));
        try {
          await user.signIn();
        } catch (error) {
          if (!(error instanceof Refused)) tally.error(`sign in: ${(error as Error).message}`);
          return;
        }
        await user.work(endAt);
      }),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(ticker);
  }
  sample();
  const seconds = (performance.now() - started) / 1000;

  let rss: RssSummary | undefined;
  if (samples.length > 0) {
    const half = samples.filter(([t]) => t >= seconds / 2);
    const perMinute = slope(half) * 60;
    rss = {
      samples,
      startMB: samples[0]![1],
      endMB: samples.at(-1)![1],
      maxMB: Math.max(...samples.map(([, mb]) => mb)),
      slopeMBPerMinute: Math.round(perMinute * 100) / 100,
      flatBelowMBPerMinute: FLAT_RSS_MB_PER_MINUTE,
      flat: perMinute < FLAT_RSS_MB_PER_MINUTE,
    };
  }
  const latency: Partial<Record<SoakRequest, LatencySummary>> = {};
  for (const kind of soakRequests) {
    const list = tally.latencies.get(kind);
    if (list) latency[kind] = summarize(list);
  }
  return {
    users: count,
    offices,
    secondDevices: teachers - (teachers > 0 ? teacherAccountOf(teachers - 1) + 1 : 0),
    seconds: Math.round(seconds),
    thinkSeconds: [thinkMs[0] / 1000, thinkMs[1] / 1000],
    requests: tally.requests,
    requestsPerSecond: Math.round((tally.requests / seconds) * 10) / 10,
    errors: tally.errors,
    errorSamples: tally.errorSamples,
    conflicts: tally.conflicts,
    conflictsResolved: tally.conflictsResolved,
    connectionResets: tally.resets,
    actions: tally.actions,
    latency,
    ...(rss ? { rss } : {}),
  };
}

/** The report as a Markdown table, with the totals above it. */
export function formatSoakReport(report: SoakReport, title: string): string {
  const lines = [
    `${title}: ${report.users} users (${report.offices} in the office, ${report.secondDevices} on a teacher's second device) for ${report.seconds} s, think time ${report.thinkSeconds[0]}–${report.thinkSeconds[1]} s`,
    `requests ${report.requests} (${report.requestsPerSecond}/s), errors ${report.errors}, conflicts: attendance ${report.conflicts.attendance}, scores ${report.conflicts.scores} (${report.conflictsResolved} saves went through after a reload), connection resets retried ${report.connectionResets}`,
    `actions: ${Object.entries(report.actions)
      .map(([a, n]) => `${a} ${n}`)
      .join(', ')}`,
  ];
  if (report.rss) {
    const { startMB, endMB, maxMB, slopeMBPerMinute, flatBelowMBPerMinute, flat } = report.rss;
    lines.push(
      `server memory (RSS): ${startMB.toFixed(0)} MB at the start, ${endMB.toFixed(0)} MB at the end, peak ${maxMB.toFixed(0)} MB; second half ${slopeMBPerMinute >= 0 ? '+' : ''}${slopeMBPerMinute.toFixed(2)} MB/min (flat below ${flatBelowMBPerMinute}: ${flat ? 'yes' : 'NO'})`,
    );
  }
  lines.push(
    '',
    '| request | count | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|',
  );
  for (const [kind, s] of Object.entries(report.latency)) {
    lines.push(`| ${kind} | ${s.count} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`);
  }
  if (report.errorSamples.length > 0)
    lines.push('', 'errors:', ...report.errorSamples.map((e) => `- ${e}`));
  return lines.join('\n');
}
