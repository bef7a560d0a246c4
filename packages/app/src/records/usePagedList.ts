import type { EndpointName, EndpointRequest } from '@sala/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../api/ServicesProvider.js';
import { failureText } from './errors.js';
import { useDebounced } from './useDebounced.js';

/** The endpoints that answer a searched, filtered, paged list of records. */
export type ListEndpoint = Extract<
  EndpointName,
  'getEmployees' | 'getStudents' | 'getDepartments' | 'getClasses' | 'getSubjects'
>;

/** A filter's value when it does not filter. */
export const ALL = 'all';

type Filters = Record<string, string>;

/** The query of a filtered list: its search and the filters that are set (ALL left out). */
export type ListParams<F extends Filters> = { search?: string } & { [K in keyof F]?: F[K] };

/**
 * The state of a searched, filtered and paged record list and its query: the search box (its
 * query waits until the typing stops), the filters (a change goes back to page 1), the page and
 * its size. `tableProps` wire a DataTable to it; `params` are the list's query without paging,
 * for an export of every match.
 */
export function usePagedList<T, F extends Filters = Record<never, string>>({
  queryKey,
  endpoint,
  filters: initialFilters,
  pageSize: initialPageSize = 20,
  pageSizes = [20, 50, 100],
}: {
  /** The first part of the query key: invalidating it refreshes the list. */
  queryKey: string;
  /** The list's endpoint: it takes `page`, `pageSize`, `search` and the filters. */
  endpoint: ListEndpoint;
  /** Every filter with its starting value (ALL: not filtering). */
  filters?: F;
  pageSize?: number;
  pageSizes?: number[];
}) {
  const { t, i18n } = useTranslation('common');
  const http = useHttp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<F>(initialFilters ?? ({} as F));
  const search = useDebounced(text);

  const params = useMemo(() => {
    const set: Filters = {};
    for (const [name, value] of Object.entries(filters)) if (value !== ALL) set[name] = value;
    return { ...(search ? { search } : {}), ...set } as ListParams<F>;
  }, [filters, search]);

  const query = useQuery({
    queryKey: [queryKey, { page, pageSize, ...params }],
    queryFn: () =>
      (
        http.call as (
          name: ListEndpoint,
          request: EndpointRequest<ListEndpoint>,
        ) => Promise<unknown>
      )(endpoint, {
        query: { page, pageSize, ...params },
      } as EndpointRequest<ListEndpoint>) as Promise<{ items: T[]; total: number }>,
    placeholderData: keepPreviousData,
  });

  const setFilter = useCallback(<K extends keyof F>(name: K, value: F[K] | null) => {
    setFilters((current) => ({ ...current, [name]: value ?? ALL }));
    setPage(1);
  }, []);

  const lang = i18n.language;
  const tableProps = {
    data: query.data?.items ?? [],
    isLoading: query.isPending,
    error: query.error ? failureText(query.error, lang, t) : undefined,
    onRetry: () => void query.refetch(),
    searchable: true,
    filter: text,
    onFilterChange: (value: string) => {
      setText(value);
      setPage(1);
    },
    paging: {
      page,
      pageSize,
      total: query.data?.total ?? 0,
      onPageChange: setPage,
      onPageSizeChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      pageSizes,
    },
  };

  return {
    filters,
    setFilter,
    params,
    /** Whether the search or a filter narrows the list (an empty list then says "no match"). */
    filtered: Object.keys(params).length > 0,
    query,
    tableProps,
  };
}
