import { useQuery } from '@tanstack/react-query';
import {
  type AttendanceStatus,
  attendanceStatuses,
  type StudentAttendanceResponse,
} from '@sala/contract';
import {
  Badge,
  Card,
  DataTable,
  EmptyState,
  Heading,
  Stack,
  Text,
  createColumnHelper,
  formatNumber,
  pickText,
  useDigits,
  type BadgeProps,
} from '@sala/ui';
import { CalendarCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { formatDay } from '../students/studentShared.js';
import { formatRate, statusCode } from './registerData.js';
import * as styles from './register.css.js';

type Mark = StudentAttendanceResponse['items'][number];

const statusTone: Record<AttendanceStatus, NonNullable<BadgeProps['tone']>> = {
  present: 'success',
  absent: 'danger',
  permission: 'info',
  late: 'warning',
};

/** A student's attendance: every mark of theirs, with the totals and the rate. */
export function StudentAttendanceCard({ studentId }: { studentId: string }) {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const history = useQuery({
    queryKey: ['attendance', 'student', studentId],
    queryFn: () => http.call('getAttendanceStudent', { params: { id: studentId }, query: {} }),
  });
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });

  const columns = useMemo(() => {
    const col = createColumnHelper<Mark>();
    const num = (value: number) => formatNumber(value, { digits, useGrouping: false });
    return [
      col.accessor('date', {
        header: t('student.date'),
        size: 130,
        cell: (info) => formatDay(info.getValue(), lang, digits),
      }),
      col.accessor(
        (m) =>
          m.period === null
            ? t(`sessions.${m.session}`)
            : t('student.period', { session: t(`sessions.${m.session}`), period: num(m.period) }),
        { id: 'session', header: t('student.session'), size: 140 },
      ),
      col.accessor((m) => pickText({ km: m.schoolClass.nameKm, en: m.schoolClass.nameEn }, lang), {
        id: 'class',
        header: t('student.class'),
        size: 110,
      }),
      col.accessor('status', {
        header: t('student.status'),
        size: 140,
        cell: (info) => (
          <Badge tone={statusTone[info.getValue()]}>
            {statusCode(info.getValue(), lang)} · {t(`statuses.${info.getValue()}`)}
          </Badge>
        ),
      }),
      col.accessor((m) => (m.minutesLate === null ? '' : num(m.minutesLate)), {
        id: 'minutesLate',
        header: t('student.minutesLate'),
        size: 110,
      }),
      col.accessor('note', {
        header: t('student.note'),
        size: 200,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
    ];
  }, [digits, lang, t]);

  const data = history.data;
  return (
    <Card padding="small">
      <Stack gap="small">
        <Heading level={2}>{t('student.title')}</Heading>
        {data ? (
          <div className={styles.summary}>
            <Text weight="bold">
              {t('rate')}: {data.rate === null ? t('noRate') : formatRate(data.rate, digits)}
            </Text>
            <ul className={styles.legend} aria-label={t('register.totals')}>
              {attendanceStatuses.map((s) => (
                <li key={s} className={styles.legendItem}>
                  <span className={`${styles.legendCode} ${styles.status[s]}`}>
                    {statusCode(s, lang)}
                  </span>
                  {t(`statuses.${s}`)}: <strong>{n(data.totals[s])}</strong>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <DataTable
          data={data?.items ?? []}
          columns={columns}
          getRowId={(m) => `${m.date}:${m.session}:${m.period ?? ''}:${m.schoolClass.id}`}
          label={t('student.tableLabel')}
          isLoading={history.isPending}
          error={history.error ? failureText(history.error, lang, t) : undefined}
          onRetry={() => void history.refetch()}
          height={(data?.items.length ?? 0) > 8 ? 400 : 'auto'}
          emptyState={
            <EmptyState
              icon={<CalendarCheck size={32} aria-hidden="true" />}
              title={t('student.empty')}
              description={t('student.emptyHelp')}
              headingLevel={3}
            />
          }
        />
      </Stack>
    </Card>
  );
}
