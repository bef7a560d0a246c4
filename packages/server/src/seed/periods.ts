import { periods } from '../db/schema.js';
import type { Tx } from '../lib/audit.js';

/** The school day's periods: five a shift, with a break after the second. */
const periodTimes = {
  morning: [
    ['07:00', '07:50'],
    ['07:50', '08:40'],
    ['08:55', '09:45'],
    ['09:45', '10:35'],
    ['10:35', '11:25'],
  ],
  afternoon: [
    ['13:00', '13:50'],
    ['13:50', '14:40'],
    ['14:55', '15:45'],
    ['15:45', '16:35'],
    ['16:35', '17:25'],
  ],
} as const;

/** The school day's periods, five a shift, as the demo school and generated schools have them. */
export function insertPeriods(tx: Tx, schoolId: string) {
  return tx
    .insert(periods)
    .values(
      (['morning', 'afternoon'] as const).flatMap((session) =>
        periodTimes[session].map(([startTime, endTime], index) => ({
          schoolId,
          session,
          number: index + 1,
          startTime,
          endTime,
        })),
      ),
    )
    .returning();
}
