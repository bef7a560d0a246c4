import type { StudentStatus } from '@sala/contract';
import type { BadgeProps, DigitStyle } from '@sala/ui';
import { formatDateTime } from '../../i18n/dates.js';

export const statusTone: Record<StudentStatus, BadgeProps['tone']> = {
  studying: 'success',
  suspended: 'warning',
  dropped_out: 'danger',
  graduated: 'info',
  transferred: 'neutral',
};

/** A calendar day (YYYY-MM-DD) as people read it, Khmer month names in Khmer. */
export function formatDay(iso: string, lang: string, digits: DigitStyle): string {
  const [y, m, d] = iso.split('-').map(Number);
  return formatDateTime(new Date(y!, m! - 1, d!), lang, false, digits);
}

/** Today in Cambodia (UTC+7), as YYYY-MM-DD: what the school calls today. */
export function todayInCambodia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date());
}

/** The day after a YYYY-MM-DD day. */
export function dayAfter(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
