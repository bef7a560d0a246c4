import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@sala/contract';
import {
  Avatar,
  Badge,
  Card,
  DataTable,
  EmptyState,
  Heading,
  Stack,
  Text,
  createColumnHelper,
  pickText,
  type SortingState,
} from '@sala/ui';
import { ShieldOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { errorText } from '../../i18n/errors.js';
import { PageHeader } from './DevPageHeader.js';
import * as styles from './devPages.css.js';

const statusTone = { active: 'success', pending: 'warning', disabled: 'neutral' } as const;

/** The search text, once the user has stopped typing for a moment. */
function useDebounced(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The school's user accounts from the API: the server pages and searches. */
function UserTable() {
  const { t, i18n } = useTranslation('demo');
  const lang = i18n.language;
  const http = useHttp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filter, setFilter] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const search = useDebounced(filter);
  const users = useQuery({
    queryKey: ['users', { page, pageSize, search }],
    queryFn: () =>
      http.call('getUsers', { query: { page, pageSize, search: search || undefined } }),
    placeholderData: keepPreviousData,
  });

  const col = createColumnHelper<User>();
  const nameOf = (user: User) =>
    pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username;
  const columns = [
    col.accessor(nameOf, {
      id: 'name',
      header: t('users.name'),
      size: 200,
      cell: (info) => (
        <span translate="no" className={styles.nameCell}>
          <Avatar
            name={{ km: info.row.original.nameKm, en: info.row.original.nameEn }}
            size="small"
          />
          {info.getValue()}
        </span>
      ),
    }),
    col.accessor('username', {
      header: t('users.username'),
      size: 140,
      cell: (info) => <span translate="no">{info.getValue()}</span>,
    }),
    col.accessor(
      (u) => u.roles.map((r) => pickText({ km: r.nameKm, en: r.nameEn }, lang)).join(', '),
      {
        id: 'roles',
        header: t('users.roles'),
        size: 180,
      },
    ),
    col.accessor('status', {
      header: t('users.status'),
      size: 120,
      cell: (info) => (
        <Badge tone={statusTone[info.getValue()]}>{t(`users.statuses.${info.getValue()}`)}</Badge>
      ),
    }),
    col.accessor('lastLoginAt', {
      header: t('users.lastLogin'),
      size: 170,
      cell: (info) => {
        const at = info.getValue();
        return at ? formatDateTime(new Date(at), lang) : t('users.never');
      },
    }),
  ];
  // The server pages and searches; sorting orders the page shown.
  const rows = [...(users.data?.items ?? [])];
  const [sort] = sorting;
  if (sort) {
    const value = (u: User) =>
      sort.id === 'name'
        ? nameOf(u)
        : sort.id === 'roles'
          ? u.roles.map((r) => r.key).join()
          : ((u[sort.id as keyof User] as string | null) ?? '');
    rows.sort((a, b) => value(a).localeCompare(value(b), lang) * (sort.desc ? -1 : 1));
  }

  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(u) => u.id}
      label={t('users.label')}
      isLoading={users.isPending}
      error={
        users.error
          ? errorText(users.error instanceof ApiError ? users.error.code : 'UNKNOWN', lang, t)
          : undefined
      }
      onRetry={() => void users.refetch()}
      searchable
      filter={filter}
      onFilterChange={(value) => {
        setFilter(value);
        setPage(1);
      }}
      sorting={sorting}
      onSortingChange={setSorting}
      paging={{
        page,
        pageSize,
        total: users.data?.total ?? 0,
        onPageChange: setPage,
        onPageSizeChange: (size) => {
          setPageSize(size);
          setPage(1);
        },
        pageSizes: [10, 20, 50],
      }}
      emptyState={<Text>{t('users.empty')}</Text>}
      height={420}
    />
  );
}

/**
 * `/dev/userManagement`: the user accounts of the school from the real API, for those who may
 * list them; others are told why they see none.
 */
export default function UserManagementPage() {
  const { t } = useTranslation('demo');
  const { client } = useAuth();
  const mayList = client.hasPermission(['users.read:school']);
  return (
    <Stack gap="large">
      <PageHeader route="dev-userManagement" />
      {mayList ? (
        <Card padding="small">
          <Stack gap="medium">
            <Heading level={2}>{t('users.heading')}</Heading>
            <Text tone="muted">{t('users.help')}</Text>
            <UserTable />
          </Stack>
        </Card>
      ) : (
        <Card>
          <EmptyState
            icon={<ShieldOff size={32} aria-hidden="true" />}
            title={t('users.notAllowedTitle')}
            description={t('users.notAllowed')}
            headingLevel={2}
          />
        </Card>
      )}
    </Stack>
  );
}
