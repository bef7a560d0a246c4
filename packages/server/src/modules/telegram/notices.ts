import crypto from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { AttendanceStatus, Locale, ScoreTestKind, SessionOfDay } from '@sala/contract';
import type { Database } from '../../db/client.js';
import {
  attendanceMarks,
  attendanceSheets,
  classes,
  gradeLevels,
  telegramBots,
  telegramChats,
  telegramOutbox,
  terms,
} from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';
import { currentYearId } from '../../lib/records.js';
import { cambodiaClock } from '../../lib/schoolTime.js';
import {
  absenceAlertText,
  dailySummaryText,
  guardianAlertText,
  scoresPublishedText,
  type SummaryClass,
} from './messages.js';
import { enqueueMessages, type OutboxMessage } from './outbox.js';

type Named = { nameKm: string; nameEn: string };

const listeners = new Set<() => void>();

/** Called when notices were queued and committed: the outbox worker sends them at once. */
export function onNoticesQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function noticesQueued(): void {
  for (const listener of listeners) listener();
}

const shortHash = (parts: string[]) =>
  crypto.createHash('sha256').update(parts.join(',')).digest('hex').slice(0, 16);

type ChatRow = typeof telegramChats.$inferSelect;

function messageFor(
  chat: ChatRow,
  schoolId: string,
  kind: OutboxMessage['kind'],
  text: string,
  idempotencyKey: string,
): OutboxMessage {
  return {
    schoolId,
    chatRowId: chat.id,
    chatId: chat.chatId,
    chatTitle: chat.title,
    kind,
    text,
    idempotencyKey,
  };
}

export interface SavedSheetNotice {
  schoolId: string;
  schoolClass: Named & { id: string };
  date: string;
  session: SessionOfDay;
  period: { id: string; number: number } | null;
  rows: { student: Named & { id: string }; status: AttendanceStatus }[];
}

/**
 * The absence alert of a saved sheet, queued in the save's transaction: to each linked class
 * group, and to the guardians of each absent student. Keyed by the slot and the absent students,
 * so the same sheet saved again queues nothing and a correction queues an updated alert.
 * Returns how many messages were queued.
 */
export async function queueAbsenceNotices(tx: Tx, sheet: SavedSheetNotice): Promise<number> {
  const [bot] = await tx
    .select({ absence: telegramBots.absenceNotice })
    .from(telegramBots)
    .where(eq(telegramBots.schoolId, sheet.schoolId));
  if (!bot?.absence) return 0;
  const absent = sheet.rows.filter((row) => row.status === 'absent');
  const absentIds = absent.map((row) => row.student.id).sort();
  const chats = await tx
    .select()
    .from(telegramChats)
    .where(
      and(
        eq(telegramChats.schoolId, sheet.schoolId),
        eq(telegramChats.status, 'active'),
        absentIds.length > 0
          ? sql`(${telegramChats.classId} = ${sheet.schoolClass.id} or ${inArray(telegramChats.studentId, absentIds)})`
          : eq(telegramChats.classId, sheet.schoolClass.id),
      ),
    );
  if (chats.length === 0) return 0;
  const slot = `absence:${sheet.schoolClass.id}:${sheet.date}:${sheet.session}:${sheet.period?.id ?? '-'}`;
  let classChats = chats.filter((chat) => chat.kind === 'class');
  if (absent.length === 0 && classChats.length > 0) {
    // Nobody absent: a group hears of it only to correct an alert it was sent for this sheet.
    const [earlier] = await tx
      .select({ id: telegramOutbox.id })
      .from(telegramOutbox)
      .where(
        and(
          eq(telegramOutbox.schoolId, sheet.schoolId),
          like(telegramOutbox.idempotencyKey, `${slot}:%`),
        ),
      )
      .limit(1);
    if (!earlier) classChats = [];
  }
  const alert = {
    schoolClass: sheet.schoolClass,
    date: sheet.date,
    session: sheet.session,
    period: sheet.period?.number ?? null,
    absent: absent.map((row) => row.student),
    late: sheet.rows.filter((row) => row.status === 'late').length,
    permission: sheet.rows.filter((row) => row.status === 'permission').length,
    total: sheet.rows.length,
  };
  const key = `${slot}:${shortHash(absentIds)}`;
  const messages = classChats.map((chat) =>
    messageFor(
      chat,
      sheet.schoolId,
      'absence',
      absenceAlertText(chat.language as Locale, alert),
      `${key}:${chat.id}`,
    ),
  );
  const byId = new Map(absent.map((row) => [row.student.id, row.student]));
  for (const chat of chats) {
    if (chat.kind !== 'guardian' || !chat.studentId) continue;
    const student = byId.get(chat.studentId);
    if (!student) continue;
    messages.push(
      messageFor(
        chat,
        sheet.schoolId,
        'absence',
        guardianAlertText(chat.language as Locale, { ...alert, student, absent: true }),
        `${slot}:student:${student.id}:${chat.id}`,
      ),
    );
  }
  return messages.length > 0 ? enqueueMessages(tx, messages) : 0;
}

export interface PublishedNotice {
  class: { id: string; nameKm: string; nameEn: string };
  termId: string;
  kind: ScoreTestKind;
  month: number | null;
  subjects: { id: string; nameKm: string; nameEn: string }[];
}

/** The notice of published scores, to each linked group of the class (one per class and test). */
export async function queueScoreNotices(
  tx: Tx,
  schoolId: string,
  published: PublishedNotice[],
): Promise<number> {
  if (published.length === 0) return 0;
  const [bot] = await tx
    .select({ scores: telegramBots.scoresNotice })
    .from(telegramBots)
    .where(eq(telegramBots.schoolId, schoolId));
  if (!bot?.scores) return 0;
  const chats = await tx
    .select()
    .from(telegramChats)
    .where(
      and(
        eq(telegramChats.schoolId, schoolId),
        eq(telegramChats.status, 'active'),
        eq(telegramChats.kind, 'class'),
        inArray(
          telegramChats.classId,
          published.map((entry) => entry.class.id),
        ),
      ),
    );
  if (chats.length === 0) return 0;
  const termRows = await tx
    .select({ id: terms.id, number: terms.number })
    .from(terms)
    .where(
      inArray(
        terms.id,
        published.map((entry) => entry.termId),
      ),
    );
  const termNumber = new Map(termRows.map((row) => [row.id, row.number]));
  const messages: OutboxMessage[] = [];
  for (const entry of published) {
    const subjectIds = entry.subjects.map((subject) => subject.id).sort();
    const key = `scores:${entry.class.id}:${entry.termId}:${entry.kind}:${entry.month ?? 0}:${shortHash(subjectIds)}`;
    for (const chat of chats) {
      if (chat.classId !== entry.class.id) continue;
      const text = scoresPublishedText(chat.language as Locale, {
        schoolClass: entry.class,
        kind: entry.kind,
        month: entry.month,
        termNumber: termNumber.get(entry.termId) ?? null,
        subjects: entry.subjects,
      });
      messages.push(messageFor(chat, schoolId, 'scores', text, `${key}:${chat.id}`));
    }
  }
  return messages.length > 0 ? enqueueMessages(tx, messages) : 0;
}

const worst: AttendanceStatus[] = ['absent', 'late', 'permission', 'present'];

/** Each class of the current year with today's counts (a student counted once, worst mark). */
export async function summaryOf(tx: Tx, schoolId: string, date: string): Promise<SummaryClass[]> {
  const yearId = await currentYearId(tx, schoolId);
  if (!yearId) return [];
  const classRows = await tx
    .select({ id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn })
    .from(classes)
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.yearId, yearId)))
    .orderBy(gradeLevels.number, classes.section);
  const marks = await tx
    .select({
      classId: attendanceSheets.classId,
      studentId: attendanceMarks.studentId,
      status: attendanceMarks.status,
    })
    .from(attendanceSheets)
    .innerJoin(attendanceMarks, eq(attendanceMarks.sheetId, attendanceSheets.id))
    .where(and(eq(attendanceSheets.schoolId, schoolId), eq(attendanceSheets.date, date)));
  const byClass = new Map<string, Map<string, AttendanceStatus>>();
  for (const mark of marks) {
    const students = byClass.get(mark.classId) ?? new Map<string, AttendanceStatus>();
    byClass.set(mark.classId, students);
    const before = students.get(mark.studentId);
    if (!before || worst.indexOf(mark.status) < worst.indexOf(before)) {
      students.set(mark.studentId, mark.status);
    }
  }
  return classRows.map((row) => {
    const students = byClass.get(row.id);
    const counts = { present: 0, absent: 0, late: 0, permission: 0 };
    for (const status of students?.values() ?? []) counts[status] += 1;
    return { ...row, taken: students !== undefined, ...counts };
  });
}

/**
 * Queues today's attendance summary for every school whose summary time has passed, once a day
 * (`summary:<date>`: several processes running this at once still queue one). Returns how many
 * were queued.
 */
export async function runSummaries(db: Database['db'], now: Date = new Date()): Promise<number> {
  const { date, time } = cambodiaClock(now);
  const due = await db
    .select({ schoolId: telegramBots.schoolId, chatRowId: telegramBots.summaryChatId })
    .from(telegramBots)
    .where(
      and(
        eq(telegramBots.summaryNotice, true),
        sql`${telegramBots.summaryChatId} is not null`,
        sql`${telegramBots.summaryTime} <= ${time}`,
        sql`not exists (select 1 from ${telegramOutbox} o where o.school_id = ${telegramBots.schoolId} and o.idempotency_key = ${`summary:${date}`})`,
      ),
    );
  let queued = 0;
  for (const { schoolId, chatRowId } of due) {
    queued += await db.transaction(async (tx) => {
      const [chat] = await tx
        .select()
        .from(telegramChats)
        .where(
          and(
            eq(telegramChats.schoolId, schoolId),
            eq(telegramChats.id, chatRowId!),
            eq(telegramChats.status, 'active'),
          ),
        );
      if (!chat) return 0;
      const summary = await summaryOf(tx, schoolId, date);
      const text = dailySummaryText(chat.language as Locale, { date, classes: summary });
      return enqueueMessages(tx, [messageFor(chat, schoolId, 'summary', text, `summary:${date}`)]);
    });
  }
  return queued;
}

/** Every minute, queues the daily summaries that are due. */
export class SummaryScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database['db'],
    private readonly options: {
      intervalMs?: number;
      onQueued?: () => void;
      log?: { warn(o: object, m?: string): void };
    } = {},
  ) {}

  async runOnce(now: Date = new Date()): Promise<number> {
    const queued = await runSummaries(this.db, now);
    if (queued > 0) this.options.onQueued?.();
    return queued;
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runOnce().catch((error: unknown) => {
        this.options.log?.warn({ error: String(error) }, 'telegram summary failed');
      });
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs ?? 60_000);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
