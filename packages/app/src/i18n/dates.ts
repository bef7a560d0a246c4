import { monthName, toKhmerDigits, type DigitStyle, type Month } from '@sala/ui';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time for display: Khmer month names from our own table (browsers' Khmer locale data
 * is incomplete and falls back to English abbreviations), English through Intl; digits as the
 * user set them (Latin or Khmer).
 */
export function formatDateTime(
  date: Date,
  lang: string,
  withTime = true,
  digits: DigitStyle = 'latn',
): string {
  let text: string;
  if (lang === 'km') {
    const day = `${date.getDate()} ${monthName((date.getMonth() + 1) as Month, 'km')} ${date.getFullYear()}`;
    text = withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
  } else {
    text = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' as const } : {}),
    }).format(date);
  }
  return digits === 'khmr' ? toKhmerDigits(text) : text;
}
