import { useQuery } from '@tanstack/react-query';
import type { SchoolClass, SubjectListResponse } from '@sala/contract';
import { pickText } from '@sala/ui';
import { useHttp } from '../../api/ServicesProvider.js';

/** A record's name in the interface language (falling back to the other). */
export const nameIn =
  (lang: string) =>
  (named: { nameKm: string; nameEn: string }): string =>
    pickText({ km: named.nameKm, en: named.nameEn }, lang);

/** The classes of the current year (a school has a few dozen). */
export function useClasses(enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: ['classes', 'all'],
    queryFn: () => http.call('getClasses', { query: { pageSize: 200 } }),
    enabled,
  });
}

/** The school's subjects, for choosing one. */
export function useSubjects(enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: ['subjects', 'all'],
    queryFn: () => http.call('getSubjects', { query: { pageSize: 100 } }),
    enabled,
  });
}

/** The periods of the school day, shift by shift. */
export function usePeriods(enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: ['periods'],
    queryFn: () => http.call('getPeriods'),
    enabled,
  });
}

/** Subjects taught in a class's grade (a subject naming no grade is taught in all). */
export function subjectsOfClass(
  subjects: SubjectListResponse['items'],
  schoolClass: Pick<SchoolClass, 'gradeLevel'> | undefined,
) {
  if (!schoolClass) return subjects;
  return subjects.filter(
    (s) =>
      s.gradeLevels.length === 0 || s.gradeLevels.some((g) => g.id === schoolClass.gradeLevel.id),
  );
}

/** Today in the school's calendar, `YYYY-MM-DD` (the device's local date). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
