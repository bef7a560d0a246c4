import { attendanceStatuses, type NotTakenResponse } from '@sala/contract';
import {
  DataTable,
  EmptyState,
  Heading,
  Stack,
  StatCard,
  Text,
  TextField,
  createColumnHelper,
  formatNumber,
  pickText,
  useDigits,
} from '@sala/ui';
import { CheckCircle2, ClipboardCheck, ClipboardX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { formatRate, statusCode, useDayAttendance } from './registerData.js';
import * as styles from './register.css.js';

type Missing = NotTakenResponse['items'][number];

/**
 * The office's morning list: for a day, how many sheets were expected and taken, the classes and
 * shifts still without one (with their homeroom teacher), and the school's rate of the day.
 */
export function NotTakenSection() {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const digits = useDigits();
  // Empty until a day is chosen: the server answers for the school's today.
  const [date, setDate] = useState('');
  const { notTaken, daily } = useDayAttendance(date);
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });

  const columns = useMemo(() => {
    const col = createColumnHelper<Missing>();
    const name = (n: { nameKm: string; nameEn: string }) =>
      pickText({ km: n.nameKm, en: n.nameEn }, lang);
    return [
      col.accessor((m) => name(m.schoolClass), {
        id: 'class',
        header: t('notTaken.class'),
        size: 140,
      }),
      col.accessor((m) => t(`sessions.${m.session}`), {
        id: 'session',
        header: t('notTaken.session'),
        size: 120,
      }),
      col.accessor(
        (m) => (m.homeroomTeacher ? name(m.homeroomTeacher) : t('notTaken.noHomeroom')),
        {
          id: 'homeroom',
          header: t('notTaken.homeroom'),
          size: 180,
          cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
        },
      ),
    ];
  }, [lang, t]);

  const counts = notTaken.data;
  const day = daily.data;
  return (
    <Stack gap="medium">
      <div className={records.filters}>
        <TextField
          label={t('notTaken.date')}
          type="date"
          value={date || (notTaken.data?.date ?? '')}
          onChange={setDate}
        />
      </div>
      <Stack as="section" gap="small" aria-labelledby="attendance-day">
        <Heading level={2} size={4} id="attendance-day">
          {t('notTaken.dailyTitle')}
        </Heading>
        <div className={styles.stats}>
          <StatCard
            label={t('notTaken.taken')}
            value={counts ? `${n(counts.taken)} / ${n(counts.expected)}` : '–'}
            description={
              counts
                ? t('notTaken.takenOf', { taken: n(counts.taken), expected: n(counts.expected) })
                : undefined
            }
            icon={<ClipboardCheck size={18} />}
          />
          <StatCard
            label={t('notTaken.missing')}
            value={counts ? counts.items.length : '–'}
            icon={<ClipboardX size={18} />}
          />
          <StatCard
            label={t('rate')}
            value={day ? formatRate(day.rate, digits) : '–'}
            description={
              day
                ? day.rate === null
                  ? t('noRate')
                  : t('notTaken.sheets', { n: n(day.sheets) })
                : undefined
            }
            icon={<CheckCircle2 size={18} />}
          />
        </div>
        {daily.isError ? (
          <Text role="alert">{failureText(daily.error, lang, t)}</Text>
        ) : day ? (
          <ul className={styles.legend} aria-label={t('register.totals')}>
            {attendanceStatuses.map((s) => (
              <li key={s} className={styles.legendItem}>
                <span className={`${styles.legendCode} ${styles.status[s]}`}>
                  {statusCode(s, lang)}
                </span>
                {t(`statuses.${s}`)}: <strong>{n(day.totals[s])}</strong>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
      <Stack as="section" gap="small" aria-labelledby="attendance-missing">
        <Heading level={2} size={4} id="attendance-missing">
          {t('notTaken.missing')}
        </Heading>
        <DataTable
          data={counts?.items ?? []}
          columns={columns}
          getRowId={(m) => `${m.schoolClass.id}:${m.session}`}
          label={t('notTaken.tableLabel')}
          isLoading={notTaken.isPending}
          error={notTaken.error ? failureText(notTaken.error, lang, t) : undefined}
          onRetry={() => void notTaken.refetch()}
          height="auto"
          emptyState={
            <EmptyState
              icon={<CheckCircle2 size={32} aria-hidden="true" />}
              title={t('notTaken.allTaken')}
              description={t('notTaken.allTakenHelp')}
              headingLevel={3}
            />
          }
        />
      </Stack>
    </Stack>
  );
}
