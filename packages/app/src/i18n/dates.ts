import { monthName, type Month } from '@sala/ui';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time for display: Khmer month names from our own table (browsers' Khmer locale data
 * is incomplete and falls back to English abbreviations), English through Intl.
 */
export function formatDateTime(date: Date, lang: string, withTime = true): string {
  if (lang === 'km') {
    const day = `${date.getDate()} ${monthName((date.getMonth() + 1) as Month, 'km')} ${date.getFullYear()}`;
    return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
  }
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' as const } : {}),
  }).format(date);
}
