import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  openingSheetKey,
  type AttendanceSheet,
  type AttendanceStatus,
  type SheetKey,
} from '@sala/contract';
import { useHttp } from '../../api/ServicesProvider.js';

/** One student's mark as the sheet is being taken. */
export interface Mark {
  status: AttendanceStatus;
  minutesLate: number | null;
  note: string;
}

export const sheetQueryKey = (key: SheetKey) =>
  ['attendance', 'sheet', key.classId, key.date, key.session, key.periodId ?? null] as const;

/**
 * The classes, shifts and periods the caller may take attendance for, and the school's today.
 * The sheet the page opens on comes in the same answer and is kept as that sheet's query (unless
 * one is kept already), so the page does not wait for a second request to show it.
 */
export function useAttendanceClasses() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['attendance', 'classes'],
    queryFn: async () => {
      const options = await http.call('getAttendanceClasses');
      const key = openingSheetKey(options);
      if (key && options.opening && queryClient.getQueryData(sheetQueryKey(key)) === undefined) {
        queryClient.setQueryData(sheetQueryKey(key), options.opening);
      }
      return options;
    },
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * A class's sheet for a day and shift. Loaded once and kept: a teacher's marks are never
 * replaced by a background refetch, and a phone that loses the network keeps the roster it has.
 */
export function useSheet(key: SheetKey | null) {
  const http = useHttp();
  return useQuery({
    queryKey: key ? sheetQueryKey(key) : ['attendance', 'sheet', 'none'],
    queryFn: () => http.call('getAttendanceSheet', { query: key! }).then((r) => r.sheet),
    enabled: key !== null,
    staleTime: Infinity,
    gcTime: 24 * 60 * 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });
}

/** The marks a sheet starts with: what the server holds, or its defaults for a new sheet. */
export function marksOf(sheet: AttendanceSheet): Record<string, Mark> {
  return Object.fromEntries(
    sheet.rows.map((row) => [
      row.student.id,
      { status: row.status, minutesLate: row.minutesLate, note: row.note },
    ]),
  );
}

/** Present, absent, permission and late counted over the marks. */
export function totalsOf(marks: Record<string, Mark>): Record<AttendanceStatus, number> {
  const totals = { present: 0, absent: 0, permission: 0, late: 0 };
  for (const mark of Object.values(marks)) totals[mark.status] += 1;
  return totals;
}
