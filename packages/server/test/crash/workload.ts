import crypto from 'node:crypto';
import {
  endpoints,
  type AttendanceClassesResponse,
  type AttendanceStatus,
  type SaveScoresResponse,
  type SaveSheetRequest,
  type SaveSheetResponse,
  type ScoreCellInput,
  type ScoreClassesResponse,
  type ScoreSheetResponse,
  type SheetKey,
} from '@sala/contract';
import type { Api, Sent } from './api.js';

/**
 * What a batch is known to be, from what its sender saw and what the server showed after a
 * restart. `unknown`: sent, no answer before the kill. `applied`/`lost`: an unknown batch the
 * restarted server showed (it stays) or did not (it was never committed).
 */
export type BatchState = 'acked' | 'unknown' | 'applied' | 'lost';

/**
 * Every batch carries its number in each cell's note (`crash <k>`) and values made from it, so
 * a cell tells which batch wrote it and a batch half applied shows as a sheet of mixed numbers.
 */
export const noteOf = (k: number) => `crash ${k}`;
const batchOfNote = (note: string): number | null => {
  const match = /^crash (\d+)$/.exec(note);
  return match ? Number(match[1]) : null;
};

/** One test of one class (a month or a term's exam): each of its batches writes every cell. */
export interface ScoreSlot {
  label: string;
  classId: string;
  termId: string;
  kind: 'month' | 'exam';
  month: number | undefined;
  studentIds: string[];
  subjects: { id: string; maxScore: number }[];
  /** Its batches in the order they were sent: one at a time (one writer owns the slot). */
  history: ScoreBatch[];
}

export interface ScoreBatch {
  k: number;
  slot: ScoreSlot;
  cells: ScoreCellInput[];
  state: BatchState;
  sends: number;
}

/** A new attendance sheet: a class's period on a day, saved under an id the client made. */
export interface AttendanceBatch {
  k: number;
  key: SheetKey;
  id: string;
  marks: {
    studentId: string;
    status: AttendanceStatus;
    minutesLate: number | null;
    note: string;
  }[];
  state: BatchState;
  sends: number;
}

const statuses: AttendanceStatus[] = ['present', 'absent', 'late', 'permission'];

export function scoreCells(k: number, slot: ScoreSlot): ScoreCellInput[] {
  const cells: ScoreCellInput[] = [];
  let i = 0;
  for (const subject of slot.subjects) {
    const steps = Math.floor(subject.maxScore) * 4 + 1;
    for (const studentId of slot.studentIds) {
      const absent = (k + i) % 9 === 0;
      cells.push({
        studentId,
        subjectId: subject.id,
        score: absent ? null : ((k * 13 + i * 7) % steps) / 4,
        absent,
        note: noteOf(k),
      });
      i += 1;
    }
  }
  return cells;
}

export function attendanceMarks(k: number, studentIds: string[]): AttendanceBatch['marks'] {
  return studentIds.map((studentId, i) => {
    const status = statuses[(k + i) % statuses.length]!;
    return {
      studentId,
      status,
      minutesLate: status === 'late' ? ((k * 7 + i) % 600) + 1 : null,
      note: noteOf(k),
    };
  });
}

export interface Totals {
  kills: number;
  killsDuringStart: number;
  restarts: number;
  scoreBatchesSent: number;
  scoreBatchesAcked: number;
  attendanceSheetsSent: number;
  attendanceSheetsAcked: number;
  /** Sends that lost their answer to a kill, then sent again after the restart. */
  retries: number;
  /** Unknown batches a restarted server showed whole, and those it showed not at all. */
  unknownApplied: number;
  unknownLost: number;
  /** Batch checks passed after restarts (a batch is checked after every restart while open). */
  batchChecks: number;
  /** Cells and marks compared with what was sent, over every check. */
  valuesChecked: number;
}

export const newTotals = (): Totals => ({
  kills: 0,
  killsDuringStart: 0,
  restarts: 0,
  scoreBatchesSent: 0,
  scoreBatchesAcked: 0,
  attendanceSheetsSent: 0,
  attendanceSheetsAcked: 0,
  retries: 0,
  unknownApplied: 0,
  unknownLost: 0,
  batchChecks: 0,
  valuesChecked: 0,
});

/** The demo school's slots this run writes to, found through the API on the first start. */
export interface Plan {
  scoreSlots: ScoreSlot[];
  /** Attendance sheets no one has taken: a class's period, day by day back from today. */
  nextSheetKey(): SheetKey;
}

export async function planWork(api: Api, options: { scoreSlots: number }): Promise<Plan> {
  const { classes, terms } = await api.get<ScoreClassesResponse>(endpoints.getScoreClasses.path);
  const scoreSlots: ScoreSlot[] = [];
  search: for (const schoolClass of classes) {
    const enterable = schoolClass.subjects.filter((subject) => subject.canEnter);
    if (enterable.length === 0) continue;
    for (const term of terms.filter((t) => t.yearId === schoolClass.yearId)) {
      const tests = [
        ...term.months.map((month) => ({ kind: 'month' as const, month })),
        { kind: 'exam' as const, month: undefined },
      ];
      for (const test of tests) {
        const sheet = await api.get<ScoreSheetResponse>(endpoints.getScoreSheet.path, {
          classId: schoolClass.id,
          termId: term.id,
          kind: test.kind,
          month: test.month,
        });
        const open = sheet.columns.filter((c) => c.canEnter && c.status !== 'published');
        if (open.length === 0 || sheet.students.length === 0) continue;
        scoreSlots.push({
          label: `${schoolClass.nameEn} term ${term.number} ${test.kind} ${test.month ?? ''}`,
          classId: schoolClass.id,
          termId: term.id,
          kind: test.kind,
          month: test.month,
          studentIds: sheet.students.map((s) => s.id),
          subjects: open.map((c) => ({ id: c.id, maxScore: c.maxScore })),
          history: [],
        });
        if (scoreSlots.length >= options.scoreSlots) break search;
        // Spread the slots over classes rather than fill one class's tests.
        break;
      }
    }
  }
  if (scoreSlots.length < options.scoreSlots) {
    throw new Error(`only ${scoreSlots.length} score sheets open for entry in the demo school`);
  }

  const years = await api.get<{
    items: { startDate: string; endDate: string; isCurrent: boolean }[];
  }>(endpoints.getAcademicYears.path);
  const year = years.items.find((y) => y.isCurrent) ?? years.items[0]!;
  const { items, periods, today } = await api.get<AttendanceClassesResponse>(
    endpoints.getAttendanceClasses.path,
  );
  const last = today < year.endDate ? today : year.endDate;
  const keys = (function* (): Generator<SheetKey> {
    for (let day = Date.parse(last); day >= Date.parse(year.startDate); day -= 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const schoolClass of items) {
        for (const period of periods) {
          if (period.session !== schoolClass.session && period.session !== 'full_day') continue;
          yield {
            classId: schoolClass.id,
            date,
            session: schoolClass.session,
            periodId: period.id,
          };
        }
      }
    }
  })();
  return {
    scoreSlots,
    nextSheetKey() {
      const next = keys.next();
      if (next.done) throw new Error('no attendance sheet left to take in the school year');
      return next.value;
    },
  };
}

/** Stops the test with what was sent and what came back when the server refuses a write. */
function refused(what: string, sent: Sent<unknown>): Error {
  return new Error(`${what}: the live server answered ${JSON.stringify(sent)}`);
}

/**
 * The writers of one run between two kills: `scoreWriters` each saving the score slots they own
 * in turn, `attendanceWriters` each taking new attendance sheets; each first sends again its
 * batch whose answer a kill cut off. They stop at the first write not answered (the kill).
 */
export class Load {
  private k = 0;
  private readonly scoreQueue = new Map<number, ScoreBatch>();
  private readonly attendanceQueue = new Map<number, AttendanceBatch>();
  private readonly turn = new Map<number, number>();
  readonly scoreBatches: ScoreBatch[] = [];
  readonly attendanceBatches: AttendanceBatch[] = [];
  /** Set before the kill: an unanswered request from then on is the kill's doing. */
  killing = false;

  constructor(
    private readonly plan: Plan,
    private readonly totals: Totals,
    readonly scoreWriters: number,
    readonly attendanceWriters: number,
  ) {}

  /** Runs the writers until the server dies; rejects on anything but the kill. */
  async run(api: Api): Promise<void> {
    this.killing = false;
    const writers = [
      ...Array.from({ length: this.scoreWriters }, (_, w) => this.scoreWriter(api, w)),
      ...Array.from({ length: this.attendanceWriters }, (_, w) => this.attendanceWriter(api, w)),
    ];
    const results = await Promise.allSettled(writers);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw (failure as PromiseRejectedResult).reason;
  }

  private check(what: string, sent: Sent<unknown>): boolean {
    if (sent.kind === 'refused') throw refused(what, sent);
    if (sent.kind === 'unknown' && !this.killing) {
      throw new Error(`${what}: no answer while the server was up (${sent.error})`);
    }
    return sent.kind === 'acked';
  }

  private async scoreWriter(api: Api, w: number): Promise<void> {
    const owned = this.plan.scoreSlots.filter((_, i) => i % this.scoreWriters === w);
    for (;;) {
      let batch = this.scoreQueue.get(w);
      const retry = batch !== undefined;
      if (!batch) {
        const slot = owned[(this.turn.get(w) ?? 0) % owned.length]!;
        this.turn.set(w, (this.turn.get(w) ?? 0) + 1);
        const k = ++this.k;
        batch = { k, slot, cells: scoreCells(k, slot), state: 'unknown', sends: 0 };
        slot.history.push(batch);
        this.scoreBatches.push(batch);
        this.scoreQueue.set(w, batch);
      }
      const wasApplied = batch.state === 'applied';
      if (batch.state === 'lost') batch.state = 'unknown';
      batch.sends += 1;
      this.totals.scoreBatchesSent += 1;
      if (retry) this.totals.retries += 1;
      const { slot } = batch;
      const sent = await api.send<SaveScoresResponse>('POST', endpoints.postScoreBatch.path, {
        classId: slot.classId,
        termId: slot.termId,
        kind: slot.kind,
        ...(slot.month === undefined ? {} : { month: slot.month }),
        cells: batch.cells,
      });
      if (!this.check(`score batch ${batch.k} (${slot.label})`, sent)) return;
      if (sent.kind !== 'acked') return;
      // A batch already applied, sent again: nothing changes the second time.
      const expected = wasApplied ? 0 : batch.cells.length;
      if (sent.body.changed !== expected) {
        throw new Error(
          `score batch ${batch.k} changed ${sent.body.changed} cells, expected ${expected}`,
        );
      }
      batch.state = 'acked';
      this.totals.scoreBatchesAcked += 1;
      this.scoreQueue.delete(w);
      if (this.killing) return;
    }
  }

  private async attendanceWriter(api: Api, w: number): Promise<void> {
    for (;;) {
      let batch = this.attendanceQueue.get(w);
      const retry = batch !== undefined;
      if (!batch) {
        const key = this.plan.nextSheetKey();
        // The page opens the sheet first: the class's students that day.
        const opened = await api.send<{
          sheet: { saved: boolean; rows: { student: { id: string } }[] };
        }>(
          'GET',
          `${endpoints.getAttendanceSheet.path}?${new URLSearchParams(key as Record<string, string>).toString()}`,
        );
        if (!this.check(`attendance sheet ${JSON.stringify(key)}`, opened)) return;
        if (opened.kind !== 'acked') return;
        if (opened.body.sheet.saved) {
          throw new Error(`attendance sheet ${JSON.stringify(key)} was taken before this run`);
        }
        const k = ++this.k;
        const students = opened.body.sheet.rows.map((row) => row.student.id);
        batch = {
          k,
          key,
          id: crypto.randomUUID(),
          marks: attendanceMarks(k, students),
          state: 'unknown',
          sends: 0,
        };
        this.attendanceBatches.push(batch);
        this.attendanceQueue.set(w, batch);
      }
      const wasApplied = batch.state === 'applied';
      if (batch.state === 'lost') batch.state = 'unknown';
      batch.sends += 1;
      this.totals.attendanceSheetsSent += 1;
      if (retry) this.totals.retries += 1;
      const request: SaveSheetRequest = { ...batch.key, id: batch.id, marks: batch.marks };
      const sent = await api.send<SaveSheetResponse>(
        'POST',
        endpoints.postAttendanceSheets.path,
        request,
      );
      if (!this.check(`attendance batch ${batch.k}`, sent)) return;
      if (sent.kind !== 'acked') return;
      if (sent.body.sheet.id !== batch.id || sent.body.duplicate !== wasApplied) {
        throw new Error(
          `attendance batch ${batch.k} answered sheet ${sent.body.sheet.id} ` +
            `(duplicate: ${sent.body.duplicate}), sent ${batch.id} (applied before: ${wasApplied})`,
        );
      }
      batch.state = 'acked';
      this.totals.attendanceSheetsAcked += 1;
      this.attendanceQueue.delete(w);
      if (this.killing) return;
    }
  }

  /** The batches whose answer the kill cut off: sent again first on the next run. */
  unanswered(): (ScoreBatch | AttendanceBatch)[] {
    return [...this.scoreQueue.values(), ...this.attendanceQueue.values()];
  }
}

/**
 * After a restart: each score slot shows one batch whole (every cell its values) and no older
 * than the last one acknowledged; or, before any batch was applied, none of them.
 */
export async function verifyScores(api: Api, plan: Plan, totals: Totals): Promise<void> {
  for (const slot of plan.scoreSlots) {
    if (slot.history.length === 0) continue;
    const sheet = await api.get<ScoreSheetResponse>(endpoints.getScoreSheet.path, {
      classId: slot.classId,
      termId: slot.termId,
      kind: slot.kind,
      month: slot.month,
    });
    const cellOf = new Map(sheet.cells.map((c) => [`${c.studentId}:${c.subjectId}`, c]));
    const shown = new Set<number | null>();
    for (const subject of slot.subjects) {
      for (const studentId of slot.studentIds) {
        const cell = cellOf.get(`${studentId}:${subject.id}`);
        shown.add(cell ? batchOfNote(cell.note) : null);
      }
    }
    const where = `score sheet ${slot.label}`;
    if (shown.size !== 1) {
      throw new Error(`${where} is half written: its cells show batches ${[...shown].join(', ')}`);
    }
    const k = [...shown][0]!;
    const index = k === null ? -1 : slot.history.findIndex((b) => b.k === k);
    if (k !== null && index < 0) throw new Error(`${where} shows batch ${k}, never sent to it`);
    const lastSure = slot.history.findLastIndex(
      (b) => b.state === 'acked' || b.state === 'applied',
    );
    if (index < lastSure) {
      throw new Error(
        `${where} lost acknowledged batch ${slot.history[lastSure]!.k}: it shows ${k ?? 'none'}`,
      );
    }
    if (index >= 0) {
      const batch = slot.history[index]!;
      for (const sent of batch.cells) {
        const cell = cellOf.get(`${sent.studentId}:${sent.subjectId}`)!;
        const same =
          cell.score === sent.score && cell.absent === sent.absent && cell.note === sent.note;
        if (!same) {
          throw new Error(
            `${where}: batch ${k} cell ${JSON.stringify(sent)} reads ${JSON.stringify(cell)}`,
          );
        }
        totals.valuesChecked += 1;
      }
      if (batch.state === 'unknown') {
        batch.state = 'applied';
        totals.unknownApplied += 1;
      }
    }
    for (const later of slot.history.slice(index + 1)) {
      if (later.state === 'unknown') {
        later.state = 'lost';
        totals.unknownLost += 1;
      }
    }
    totals.batchChecks += 1;
  }
}

/**
 * After a restart: an acknowledged (or already seen) attendance sheet is there with every mark
 * as sent, once per student; an unanswered one is there whole or not at all.
 */
export async function verifyAttendance(
  api: Api,
  batches: AttendanceBatch[],
  totals: Totals,
): Promise<void> {
  for (const batch of batches) {
    const { sheet } = await api.get<{
      sheet: {
        id: string;
        saved: boolean;
        rows: {
          student: { id: string };
          status: AttendanceStatus;
          minutesLate: number | null;
          note: string;
        }[];
      };
    }>(endpoints.getAttendanceSheet.path, { ...batch.key });
    const where = `attendance batch ${batch.k} (${JSON.stringify(batch.key)})`;
    const sure = batch.state === 'acked' || batch.state === 'applied';
    if (!sheet.saved) {
      if (sure) throw new Error(`${where} was acknowledged and is gone`);
      if (batch.state === 'unknown') {
        batch.state = 'lost';
        totals.unknownLost += 1;
      }
      totals.batchChecks += 1;
      continue;
    }
    if (sheet.id !== batch.id) throw new Error(`${where} shows another sheet: ${sheet.id}`);
    const rows = new Map(sheet.rows.map((row) => [row.student.id, row]));
    if (rows.size !== sheet.rows.length || rows.size !== batch.marks.length) {
      throw new Error(
        `${where}: ${sheet.rows.length} rows for ${rows.size} students, ${batch.marks.length} sent`,
      );
    }
    for (const mark of batch.marks) {
      const row = rows.get(mark.studentId);
      const same =
        row?.status === mark.status &&
        row.minutesLate === mark.minutesLate &&
        row.note === mark.note;
      if (!same) {
        throw new Error(
          `${where} is not as sent: ${JSON.stringify(mark)} reads ${JSON.stringify(row)}`,
        );
      }
      totals.valuesChecked += 1;
    }
    if (batch.state === 'unknown' || batch.state === 'lost') {
      if (batch.state === 'lost') throw new Error(`${where} was missing, then came back`);
      batch.state = 'applied';
      totals.unknownApplied += 1;
    }
    totals.batchChecks += 1;
  }
}
