// Plain functions without zod: the app's frame sends queued sheets and reads these without
// loading the attendance schemas at start.
import type { AttendanceClassesResponse, SheetKey } from './attendance.js';
import type { SessionOfDay } from './common.js';

/** The shift a class's sheet opens on: the class's own if the school takes it, else the first. */
export function openingSession(
  sessions: readonly SessionOfDay[],
  schoolClass: { session: SessionOfDay } | undefined,
): SessionOfDay {
  if (schoolClass && sessions.includes(schoolClass.session)) return schoolClass.session;
  return sessions[0] ?? 'morning';
}

/** The sheet the attendance page opens on: the first class listed, today, for its whole shift. */
export function openingSheetKey(
  options: Pick<AttendanceClassesResponse, 'items' | 'sessions' | 'today'>,
): SheetKey | null {
  const first = options.items[0];
  if (!first) return null;
  return {
    classId: first.id,
    date: options.today,
    session: openingSession(options.sessions, first),
  };
}
