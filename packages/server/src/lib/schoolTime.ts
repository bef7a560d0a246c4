/** Cambodia keeps UTC+7 all year (no daylight saving): the schools' calendar and clock. */
const OFFSET_MS = 7 * 3600_000;

/** The date (`YYYY-MM-DD`) and time of day (`HH:MM`) in Cambodia at `now`. */
export function cambodiaClock(now: Date): { date: string; time: string } {
  const local = new Date(now.getTime() + OFFSET_MS).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
