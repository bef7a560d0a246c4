import { useQuery } from '@tanstack/react-query';
import { attendanceStatusCodes, type AttendanceStatus } from '@sala/contract';
import { dayName, formatNumber, type DayOfWeek, type DigitStyle } from '@sala/ui';
import { useHttp } from '../../api/ServicesProvider.js';

/**
 * The school's attendance on a day (empty: the school's today, as the server counts it): the
 * sheets not yet taken, and the rate of those taken.
 */
export function useDayAttendance(date: string, enabled = true) {
  const http = useHttp();
  const valid = date === '' || /^\d{4}-\d{2}-\d{2}$/.test(date);
  const query = { date: date || undefined };
  const notTaken = useQuery({
    queryKey: ['attendance', 'not-taken', date],
    queryFn: () => http.call('getAttendanceNotTaken', { query }),
    enabled: enabled && valid,
  });
  const daily = useQuery({
    queryKey: ['attendance', 'daily', date],
    queryFn: () => http.call('getAttendanceDaily', { query }),
    enabled: enabled && valid,
  });
  return { notTaken, daily };
}

/** A status's short code on registers (P, A, E, L; ម, អ, ច, យ in Khmer). */
export const statusCode = (status: AttendanceStatus, lang: string) =>
  attendanceStatusCodes[status][lang === 'km' ? 'km' : 'en'];

/** A rate (0..1) as a percentage with one decimal, in the user's digits; a dash with none. */
export function formatRate(rate: number | null, digits: DigitStyle): string {
  if (rate === null) return '–';
  return `${formatNumber(rate * 100, { digits, minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** The month `YYYY-MM` of a `YYYY-MM-DD` day. */
export const monthOf = (iso: string) => iso.slice(0, 7);

/** The day of the week (1 Monday – 7 Sunday) of a day of a `YYYY-MM` month. */
export function weekdayOf(month: string, day: number): DayOfWeek {
  const [y, m] = month.split('-').map(Number);
  return (((new Date(Date.UTC(y!, m! - 1, day)).getUTCDay() + 6) % 7) + 1) as DayOfWeek;
}

/** The first letter of a day's name: M T W … in English, ច អ ព … in Khmer (a whole cluster). */
export function weekdayInitial(day: DayOfWeek, lang: string): string {
  const name = dayName(day, lang === 'km' ? 'km' : 'en', 'short');
  const segmenter = new Intl.Segmenter(lang === 'km' ? 'km' : 'en', { granularity: 'grapheme' });
  const [first] = segmenter.segment(name);
  return first?.segment ?? name.slice(0, 1);
}

/** A day of a `YYYY-MM` month as `YYYY-MM-DD`. */
export const dayIso = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;
