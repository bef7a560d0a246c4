import type { WorkingStatus } from '@sala/contract';
import { toKhmerDigits, type BadgeProps, type DigitStyle } from '@sala/ui';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../api/ServicesProvider.js';
import { formatDateTime } from '../../i18n/dates.js';

/** The badge tone of each working status: at work, or gone one way or another. */
export const statusTone: Record<WorkingStatus, BadgeProps['tone']> = {
  working: 'success',
  resigned: 'neutral',
  terminated: 'danger',
  expired: 'warning',
  abandoned: 'danger',
};

/** The school's departments, for pickers and filters (a school has a handful). */
export function useDepartments() {
  const http = useHttp();
  return useQuery({
    queryKey: ['departments', { pageSize: 100 }],
    queryFn: () => http.call('getDepartments', { query: { pageSize: 100 } }),
    staleTime: 60_000,
  });
}

/** A calendar date (YYYY-MM-DD) for display, with the user's digits; no time zone shift. */
export function formatDay(iso: string | null, lang: string, digits: DigitStyle): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-').map(Number);
  if (!y || !m || !d) return digits === 'khmr' ? toKhmerDigits(iso) : iso;
  return formatDateTime(new Date(y, m - 1, d), lang, false, digits);
}

/** Today in Cambodia as YYYY-MM-DD, the default date of a status change. */
export function todayInCambodia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date());
}
