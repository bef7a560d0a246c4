import { and, eq, inArray, sql } from 'drizzle-orm';
import { sessionsOfDay, type Period, type SetPeriodsRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { periods, timetableEntries } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { translateConstraints } from '../../lib/records.js';

type PeriodRow = typeof periods.$inferSelect;

/** `HH:MM` of a time column (PostgreSQL answers `HH:MM:SS`). */
const hhmm = (time: string) => time.slice(0, 5);

function describe(row: PeriodRow): Period {
  return {
    id: row.id,
    session: row.session,
    number: row.number,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    version: row.version,
  };
}

/** The periods of the school day, shift by shift (morning first), by number. */
export async function listPeriods(tx: Tx, schoolId: string): Promise<Period[]> {
  const rows = await tx.select().from(periods).where(eq(periods.schoolId, schoolId));
  return rows
    .sort(
      (a, b) =>
        sessionsOfDay.indexOf(a.session) - sessionsOfDay.indexOf(b.session) || a.number - b.number,
    )
    .map(describe);
}

/**
 * Replaces the whole set of periods. A period that stays (same shift and number) keeps its row,
 * so the timetable's lessons stay on it with the new times; one that goes must have no lessons.
 */
export async function setPeriods(
  db: Db,
  actor: Actor,
  input: SetPeriodsRequest,
): Promise<Period[]> {
  return db.transaction(async (tx) => {
    const before = await tx
      .select()
      .from(periods)
      .where(eq(periods.schoolId, actor.schoolId))
      .for('update');
    const key = (p: { session: string; number: number }) => `${p.session}:${p.number}`;
    const wanted = new Map(input.periods.map((p) => [key(p), p]));
    const removed = before.filter((row) => !wanted.has(key(row)));
    if (removed.length > 0) {
      const used = await tx
        .selectDistinct({ periodId: timetableEntries.periodId })
        .from(timetableEntries)
        .where(
          inArray(
            timetableEntries.periodId,
            removed.map((row) => row.id),
          ),
        );
      if (used.length > 0)
        throw new HttpError(409, 'PERIOD_IN_USE', { periods: ['PERIOD_IN_USE'] });
      await translateConstraints(
        () =>
          tx.delete(periods).where(
            inArray(
              periods.id,
              removed.map((row) => row.id),
            ),
          ),
        {},
        'PERIOD_IN_USE',
      );
    }
    // A period sent with the version read must still have it: someone else may have changed it.
    for (const period of input.periods) {
      const existing = before.find((row) => key(row) === key(period));
      if (existing && period.version !== undefined && period.version !== existing.version) {
        throw new HttpError(409, 'VERSION_CONFLICT');
      }
    }
    for (const { version: _read, ...period } of input.periods) {
      const existing = before.find((row) => key(row) === key(period));
      if (!existing) {
        await tx.insert(periods).values({ schoolId: actor.schoolId, ...period });
      } else if (
        hhmm(existing.startTime) !== period.startTime ||
        hhmm(existing.endTime) !== period.endTime
      ) {
        await tx
          .update(periods)
          .set({
            startTime: period.startTime,
            endTime: period.endTime,
            version: sql`${periods.version} + 1`,
          })
          .where(and(eq(periods.schoolId, actor.schoolId), eq(periods.id, existing.id)));
      }
    }
    const after = await listPeriods(tx, actor.schoolId);
    await writeAudit(tx, actor, {
      action: 'periods.set',
      entity: 'periods',
      entityId: null,
      before: { periods: before.map(describe) },
      after: { periods: after },
    });
    return after;
  });
}
