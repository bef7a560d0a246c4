// Dates as the school sees them, and the CPU time a process has used, for the benchmarks.
import fs from 'node:fs';

/** Today's date where the school is (the server's rule: Cambodia, UTC+7). */
export const schoolToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date());

const daysInMonth = (year, monthIndex) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** The latest month of 31 days that ended before `today` (month 1–12): the register read. */
export function fullMonthBefore(today) {
  const date = new Date(`${today}T00:00:00Z`);
  let year = date.getUTCFullYear();
  let monthIndex = date.getUTCMonth();
  do {
    monthIndex -= 1;
    if (monthIndex < 0) [year, monthIndex] = [year - 1, 11];
  } while (daysInMonth(year, monthIndex) !== 31);
  return { year, month: monthIndex + 1, iso: `${year}-${String(monthIndex + 1).padStart(2, '0')}` };
}

/** One Linux clock tick (CLK_TCK 100), the resolution of `cpuMs`. */
export const TICK_MS = 1000 / 100;

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}
