import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@sala/contract';
import {
  Avatar,
  DataTable,
  EmptyState,
  Select,
  Stack,
  createColumnHelper,
  useDigits,
} from '@sala/ui';
import { Users } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useHttp } from '../../api/ServicesProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { useDebounced } from '../../records/useDebounced.js';
import { StatusBadge, roleName, useRoles, userInfoPath, userName } from './userParts.js';
import * as styles from './users.css.js';

type StatusFilter = 'all' | User['status'];

interface UserTableProps {
  /** The actions of a row (edit, disable…); must be a stable function (useCallback). */
  renderActions?: (user: User) => ReactNode;
  /** Shown in the empty state of a school with no accounts. */
  emptyActions?: ReactNode;
}

/** The school's accounts: searched, filtered and paged on the server; a name opens the account. */
export function UserTable({ renderActions, emptyActions }: UserTableProps) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const digits = useDigits();
  const roles = useRoles();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [role, setRole] = useState('all');
  const search = useDebounced(filter);
  const filtered = !!search || status !== 'all' || role !== 'all';

  const list = useQuery({
    queryKey: ['users', { page, pageSize, search, status, role }],
    queryFn: () =>
      http.call('getUsers', {
        query: {
          page,
          pageSize,
          search: search || undefined,
          status: status === 'all' ? undefined : status,
          role: role === 'all' ? undefined : role,
        },
      }),
    placeholderData: keepPreviousData,
  });

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<User>();
    return [
      col.accessor((u) => userName(u, lang), {
        id: 'name',
        header: t('name'),
        size: 220,
        cell: (info) => (
          <span className={styles.nameCell}>
            <Avatar
              name={{ km: info.row.original.nameKm, en: info.row.original.nameEn }}
              size="small"
            />
            <RouterLink
              to={userInfoPath(info.row.original.id)}
              aria-label={t('openNamed', { name: info.getValue() })}
              translate="no"
            >
              {info.getValue()}
            </RouterLink>
          </span>
        ),
      }),
      col.accessor('username', {
        header: t('username'),
        size: 150,
        cell: (info) => (
          <span translate="no" className={records.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((u) => u.roles.map((r) => roleName(r, lang)).join(', '), {
        id: 'roles',
        header: t('roles'),
        size: 190,
        cell: (info) =>
          info.getValue() ? (
            <span translate="no" className={records.wrap}>
              {info.getValue()}
            </span>
          ) : (
            t('noRoles')
          ),
      }),
      col.accessor('status', {
        header: t('status'),
        size: 150,
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      col.accessor('lastLoginAt', {
        header: t('lastLogin'),
        size: 170,
        cell: (info) => {
          const at = info.getValue();
          return at ? formatDateTime(new Date(at), lang, true, digits) : t('never');
        },
      }),
      ...(renderActions
        ? [
            col.display({
              id: 'actions',
              header: t('actions'),
              size: 170,
              cell: (info) => (
                <span className={records.actionsCell}>{renderActions(info.row.original)}</span>
              ),
            }),
          ]
        : []),
    ];
  }, [digits, lang, renderActions, t]);

  const statusOptions = useMemo(
    () =>
      (['all', 'active', 'pending', 'disabled'] as const).map((id) => ({
        id,
        label: id === 'all' ? t('allStatuses') : t(`statuses.${id}`),
      })),
    [t],
  );
  const roleOptions = useMemo(
    () => [
      { id: 'all', label: t('allRoles') },
      ...(roles.data ?? []).map((r) => ({ id: r.id, label: roleName(r, lang) })),
    ],
    [lang, roles.data, t],
  );

  return (
    <Stack gap="medium">
      <div className={records.filters}>
        <Select<StatusFilter>
          label={t('status')}
          options={statusOptions}
          value={status}
          onChange={(value) => {
            setStatus(value ?? 'all');
            setPage(1);
          }}
        />
        {roles.data ? (
          <Select
            label={t('role')}
            options={roleOptions}
            value={role}
            onChange={(value) => {
              setRole(value ? String(value) : 'all');
              setPage(1);
            }}
          />
        ) : null}
      </div>
      <DataTable
        data={list.data?.items ?? []}
        columns={columns}
        getRowId={(u) => u.id}
        label={t('tableLabel')}
        isLoading={list.isPending}
        error={list.error ? failureText(list.error, lang, t) : undefined}
        onRetry={() => void list.refetch()}
        searchable
        filter={filter}
        onFilterChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        paging={{
          page,
          pageSize,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
          pageSizes: [10, 20, 50],
          digits,
        }}
        emptyState={
          <EmptyState
            icon={<Users size={32} aria-hidden="true" />}
            title={filtered ? t('noMatch') : t('empty')}
            description={filtered ? t('noMatchHelp') : t('emptyHelp')}
            headingLevel={2}
            {...(!filtered && emptyActions ? { actions: emptyActions } : {})}
          />
        }
      />
    </Stack>
  );
}
