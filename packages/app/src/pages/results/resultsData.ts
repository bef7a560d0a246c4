import type { ResultsQuery } from '@sala/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../../api/ServicesProvider.js';

/** The cache keys of results: a sheet changes when scores are published, so all share a root. */
export const resultsKeys = {
  classes: ['scores', 'classes'] as const,
  sheet: (query: ResultsQuery | null) => ['results', 'sheet', query] as const,
  trend: (studentId: string, yearId?: string) => ['results', 'trend', studentId, yearId] as const,
};

/** The classes one may see results of, with their subjects, and the terms of their years. */
export function useResultClasses() {
  const http = useHttp();
  return useQuery({
    queryKey: resultsKeys.classes,
    queryFn: () => http.call('getScoreClasses'),
  });
}

/** A class's result sheet for a period; the last sheet stays shown while the next loads. */
export function useResultSheet(query: ResultsQuery | null) {
  const http = useHttp();
  return useQuery({
    queryKey: resultsKeys.sheet(query),
    queryFn: () => http.call('getResults', { query: query! }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** A student's averages month by month over a year (their current year by default). */
export function useStudentTrend(studentId: string | null, yearId?: string) {
  const http = useHttp();
  return useQuery({
    queryKey: resultsKeys.trend(studentId ?? '', yearId),
    queryFn: () =>
      http.call('getResultsStudent', {
        params: { id: studentId! },
        query: {
          yearId,
        },
      }),
    enabled: studentId !== null,
    // A card or a dialog over a page that works: its failure is said in it (LoadFailure).
    meta: { errorInPlace: true },
  });
}
