import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaveRequest } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Inline,
  Select,
  Stack,
  Text,
  createColumnHelper,
  pickText,
  useConfirm,
  useDigits,
  useToast,
} from '@sala/ui';
import { CalendarOff, Plus, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { formatDay } from '../students/studentShared.js';
import { LeaveForm } from './LeaveForm.js';
import { useAttendanceClasses } from './takeData.js';

const ALL = 'all';

/**
 * Leave recorded ahead, from today on: filtered by class; whoever records attendance records a
 * new one or deletes one recorded by mistake.
 */
export function LeaveSection() {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  // As the server allows: whoever takes attendance, or the office that corrects it.
  const mayRecord = client.hasPermission(['attendance.record:own', 'attendance.correct:school']);
  const classes = useAttendanceClasses();
  const [classId, setClassId] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [creating, setCreating] = useState(false);

  const list = useQuery({
    queryKey: ['attendance', 'leave', { classId, page, pageSize }],
    queryFn: () =>
      http.call('getAttendanceLeave', {
        query: {
          page,
          pageSize,
          classId: classId === ALL ? undefined : classId,
        },
      }),
    placeholderData: keepPreviousData,
  });

  const remove = useCallback(
    async (leave: LeaveRequest) => {
      const name = pickText({ km: leave.student.nameKm, en: leave.student.nameEn }, lang);
      const confirmed = await confirm({
        type: 'error',
        title: t('leave.deleteTitle'),
        description: t('leave.deleteDescription', {
          name,
          from: formatDay(leave.fromDate, lang, digits),
          to: formatDay(leave.toDate, lang, digits),
        }),
        confirmText: t('leave.delete'),
      });
      if (!confirmed) return;
      try {
        await http.call('deleteAttendanceLeaveEntry', { params: { id: leave.id } });
        toast.success(t('leave.deleted'));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['attendance', 'leave'] });
      }
    },
    [confirm, digits, http, lang, queryClient, t, toast],
  );

  const columns = useMemo(() => {
    const col = createColumnHelper<LeaveRequest>();
    const name = (n: { nameKm: string; nameEn: string }) =>
      pickText({ km: n.nameKm, en: n.nameEn }, lang);
    const day = (iso: string) => formatDay(iso, lang, digits);
    return [
      col.accessor((l) => name(l.student), {
        id: 'student',
        header: t('leave.student'),
        size: 180,
        cell: (info) => (
          <span className={records.wrap}>
            <span translate="no">{info.getValue()}</span>{' '}
            <Text as="span" size="small" tone="muted">
              <span translate="no">{info.row.original.student.code}</span>
            </Text>
          </span>
        ),
      }),
      col.accessor((l) => (l.schoolClass ? name(l.schoolClass) : ''), {
        id: 'class',
        header: t('leave.class'),
        size: 120,
      }),
      col.accessor((l) => t('leave.range', { from: day(l.fromDate), to: day(l.toDate) }), {
        id: 'dates',
        header: t('leave.dates'),
        size: 200,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
      col.accessor((l) => (l.session ? t(`sessions.${l.session}`) : t('leave.allSessions')), {
        id: 'session',
        header: t('leave.session'),
        size: 120,
      }),
      col.accessor('reason', {
        header: t('leave.reason'),
        size: 220,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
      col.accessor((l) => l.createdBy ?? '', {
        id: 'createdBy',
        header: t('leave.recordedBy'),
        size: 140,
      }),
      ...(mayRecord
        ? [
            col.display({
              id: 'actions',
              header: t('leave.actions'),
              size: 90,
              cell: (info) => (
                <span className={records.actionsCell}>
                  <IconButton
                    label={t('leave.deleteNamed', { name: name(info.row.original.student) })}
                    icon={<Trash2 size={18} />}
                    onPress={() => void remove(info.row.original)}
                  />
                </span>
              ),
            }),
          ]
        : []),
    ];
  }, [digits, lang, mayRecord, remove, t]);

  const classOptions = [
    { id: ALL, label: t('leave.allClasses') },
    ...(classes.data?.items ?? []).map((c) => ({
      id: c.id,
      label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
    })),
  ];

  return (
    <Stack gap="medium">
      <Card padding="small">
        <Stack gap="medium">
          <Inline gap="small" align="space-between">
            <Text tone="muted">{t('leave.help')}</Text>
            {mayRecord ? (
              <Button onPress={() => setCreating(true)}>
                <Plus size={18} aria-hidden="true" />
                {t('leave.new')}
              </Button>
            ) : null}
          </Inline>
          <div className={records.filters}>
            <Select<string>
              label={t('leave.class')}
              options={classOptions}
              value={classId}
              onChange={(id) => {
                setClassId(id ?? ALL);
                setPage(1);
              }}
            />
          </div>
          <DataTable
            data={list.data?.items ?? []}
            columns={columns}
            getRowId={(l) => l.id}
            label={t('leave.tableLabel')}
            isLoading={list.isPending}
            error={list.error ? failureText(list.error, lang, t) : undefined}
            onRetry={() => void list.refetch()}
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
            }}
            emptyState={
              <EmptyState
                icon={<CalendarOff size={32} aria-hidden="true" />}
                title={t('leave.empty')}
                description={t('leave.emptyHelp')}
                headingLevel={2}
              />
            }
          />
        </Stack>
      </Card>
      <Dialog
        isOpen={creating}
        onOpenChange={(open) => !open && setCreating(false)}
        title={t('leave.createTitle')}
      >
        {creating ? <LeaveForm onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </Stack>
  );
}
