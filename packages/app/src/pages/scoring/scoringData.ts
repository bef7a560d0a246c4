import type {
  SaveScoresResponse,
  ScoreClass,
  ScoreClassesResponse,
  ScoreSheetResponse,
  ScoreStatusRequest,
} from '@sala/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../api/ServicesProvider.js';

/** The gradebook on screen: a class, a test (a month of a term, or its exam) and a subject. */
export interface SheetChoice {
  classId: string;
  termId: string;
  kind: 'month' | 'exam';
  /** The month of a monthly test. */
  month?: number;
  /** One subject; undefined for all of the class's subjects. */
  subjectId?: string;
}

/** The test of a choice, as the API's queries and bodies name it. */
export const testOf = (choice: SheetChoice) => ({
  classId: choice.classId,
  termId: choice.termId,
  kind: choice.kind,
  ...(choice.kind === 'month' ? { month: choice.month } : {}),
});

export const sheetQueryKey = (choice: SheetChoice) =>
  [
    'scores',
    'sheet',
    choice.classId,
    choice.termId,
    choice.kind,
    choice.month ?? null,
    choice.subjectId ?? 'all',
  ] as const;

/** The classes (and their subjects) the caller may enter or see scores for, with their terms. */
export function useScoreClasses() {
  const http = useHttp();
  return useQuery({
    queryKey: ['scores', 'classes'],
    queryFn: () => http.call('getScoreClasses'),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * One gradebook. Loaded once and kept: the cells being typed are the screen's, never replaced by
 * a background refetch (a conflict or a reload asks for fresh data on purpose).
 */
export function useScoreSheet(choice: SheetChoice | null) {
  const http = useHttp();
  return useQuery({
    queryKey: choice ? sheetQueryKey(choice) : ['scores', 'sheet', 'none'],
    queryFn: () =>
      http.call('getScoreSheet', {
        query: {
          ...testOf(choice!),
          subjectId: choice!.subjectId,
        },
      }),
    enabled: choice !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });
}

type ColumnStates = SaveScoresResponse['columns'];

/** Puts the statuses and versions a save or a status change answered into the cached sheet. */
export function useColumnStates(choice: SheetChoice) {
  const queryClient = useQueryClient();
  return (columns: ColumnStates) =>
    queryClient.setQueryData<ScoreSheetResponse>(sheetQueryKey(choice), (sheet) => {
      if (!sheet) return sheet;
      const byId = new Map(columns.map((c) => [c.subjectId, c]));
      return {
        ...sheet,
        columns: sheet.columns.map((column) => {
          const next = byId.get(column.id);
          return next ? { ...column, status: next.status, version: next.version } : column;
        }),
      };
    });
}

export type StatusAction = ScoreStatusRequest['action'];

/**
 * What publishing would publish, read fresh each time the question is asked: each subject's
 * marks entered of those expected and the students without one.
 */
export function usePublishPreview(choice: SheetChoice, subjectIds: string[], enabled: boolean) {
  const http = useHttp();
  const one = subjectIds.length === 1 ? subjectIds[0] : undefined;
  return useQuery({
    queryKey: ['scores', 'publishPreview', ...sheetQueryKey(choice).slice(2), one ?? 'all'],
    queryFn: () =>
      http.call('getScorePublishPreview', {
        query: {
          ...testOf(choice),
          subjectId: one,
        },
      }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/** Submit, reopen, publish or unlock subjects of the gradebook. */
export function useScoreStatus(choice: SheetChoice) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const putColumns = useColumnStates(choice);
  return useMutation({
    mutationFn: (input: {
      action: StatusAction;
      subjectIds: string[];
      reason?: string;
      incompleteSubjectIds?: string[];
    }) =>
      http.call('postScoreStatus', {
        body: {
          ...testOf(choice),
          action: input.action,
          subjectIds: input.subjectIds,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(input.incompleteSubjectIds && input.incompleteSubjectIds.length > 0
            ? { incompleteSubjectIds: input.incompleteSubjectIds }
            : {}),
        } satisfies ScoreStatusRequest,
      }),
    onSuccess: (response) => {
      putColumns(response.columns);
      // Results and report cards read published scores.
      void queryClient.invalidateQueries({ queryKey: ['results'] });
    },
  });
}

/** The terms of a class's year, in order. */
export function termsOf(data: ScoreClassesResponse, schoolClass: ScoreClass) {
  return data.terms
    .filter((term) => term.yearId === schoolClass.yearId)
    .sort((a, b) => a.number - b.number);
}
