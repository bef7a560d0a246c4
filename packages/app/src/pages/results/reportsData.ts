import type {
  CreateReportJobRequest,
  ReportJob,
  ResultsQuery,
  SaveReportCommentRequest,
} from '@sala/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../api/ServicesProvider.js';

/** How often a PDF being made is asked about (ms). */
export const REPORT_JOB_POLL_MS = 1000;

export const reportsKeys = {
  cards: (query: ResultsQuery, studentIds: readonly string[]) =>
    ['reports', 'cards', query, studentIds] as const,
  job: (id: string) => ['reports', 'job', id] as const,
};

/** Report cards of some students of a class for a period: their line, mention and comment. */
export function useReportCards(query: ResultsQuery, studentIds: readonly string[], enabled = true) {
  const http = useHttp();
  return useQuery({
    queryKey: reportsKeys.cards(query, studentIds),
    queryFn: () =>
      http.call('getReportCards', {
        query: {
          ...query,
          ...(studentIds.length > 0 ? { studentIds: studentIds.join(',') } : {}),
        },
      }),
    enabled,
    // Read in the student's dialog: its failure is said there (LoadFailure).
    meta: { errorInPlace: true },
  });
}

/** Writes a homeroom comment; the cards read again so the new text and version show. */
export function useSaveReportComment() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveReportCommentRequest) =>
      http.call('putReportComment', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports', 'cards'] }),
  });
}

/** Asks the server to print report cards to a PDF; the answer is the job to follow. */
export function useStartReportJob() {
  const http = useHttp();
  return useMutation({
    mutationFn: async (request: CreateReportJobRequest) =>
      (await http.call('postReportJobs', { body: request })).job,
  });
}

/** Whether a job is still being worked on (asked about again), or has ended. */
export const jobRunning = (job: Pick<ReportJob, 'status'> | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** A PDF job followed until it ends: asked about every second while queued or running. */
export function useReportJob(job: ReportJob | null) {
  const http = useHttp();
  return useQuery({
    queryKey: reportsKeys.job(job?.id ?? ''),
    queryFn: async () => (await http.call('getReportJob', { params: { id: job!.id } })).job,
    enabled: job !== null,
    initialData: job ?? undefined,
    // The answer of the start is the first state; the next one is asked for a second later.
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) => (jobRunning(query.state.data) ? REPORT_JOB_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
