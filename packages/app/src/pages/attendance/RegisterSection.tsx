import { useQuery } from '@tanstack/react-query';
import { type AttendanceStatus, attendanceStatuses, type MonthRegister } from '@sala/contract';
import {
  Button,
  Card,
  EmptyState,
  Heading,
  MonthPicker,
  Select,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
  YearPicker,
  dayName,
  formatNumber,
  isMonth,
  monthName,
  pickText,
  useDigits,
  useToast,
  type Month,
} from '@sala/ui';
import { Download, Printer, RefreshCw, Table2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { useDownload } from '../../records/download.js';
import { failureText } from '../../records/errors.js';
import { todayIso } from '../teaching/teachingData.js';
import {
  dayIso,
  formatRate,
  monthOf,
  statusCode,
  weekdayInitial,
  weekdayOf,
} from './registerData.js';
import { useAttendanceClasses } from './takeData.js';
import * as styles from './register.css.js';
import './registerPage.css';

/**
 * The month register of a class, as the paper one: a row per student, a column per day (each
 * shift's mark), the totals of each student and of each day; downloaded as Excel or printed.
 */
export function RegisterSection() {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const toast = useToast();
  const download = useDownload();
  const http = useHttp();
  const classes = useAttendanceClasses();
  const [chosenClass, setChosenClass] = useState<string | null>(null);
  // The school's month (the server's today) until another is chosen.
  const [chosenMonth, setChosenMonth] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // A homeroom teacher opens their own class's register first.
  const items = classes.data?.items ?? [];
  const classId = chosenClass ?? (items.find((c) => c.homeroom) ?? items[0])?.id ?? null;
  const monthIso = chosenMonth ?? monthOf(classes.data?.today ?? todayIso());
  const year = Number(monthIso.slice(0, 4));
  const month = Number(monthIso.slice(5, 7)) as Month;
  const pad = (m: number) => String(m).padStart(2, '0');

  const register = useQuery({
    queryKey: ['attendance', 'month', classId, monthIso],
    queryFn: () =>
      http.call('getAttendanceMonth', { query: { classId: classId!, month: monthIso } }),
    enabled: classId !== null && !!classes.data,
  });

  const classOptions = useMemo(
    () =>
      (classes.data?.items ?? []).map((c) => ({
        id: c.id,
        label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
      })),
    [classes.data, lang],
  );

  const exportRegister = async () => {
    if (!classId) return;
    setExporting(true);
    try {
      await download(
        'getAttendanceMonthExport',
        { query: { classId, month: monthIso, language: lang === 'km' ? 'km' : 'en' } },
        t('register.fileName'),
      );
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setExporting(false);
    }
  };

  if (classes.isError) {
    return (
      <Card padding="small">
        <Stack gap="small" align="start">
          <Text role="alert">{failureText(classes.error, lang, t)}</Text>
          <Button variant="secondary" onPress={() => void classes.refetch()}>
            <RefreshCw size={16} aria-hidden="true" />
            {t('retry')}
          </Button>
        </Stack>
      </Card>
    );
  }
  if (classes.data && classes.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Table2 size={32} aria-hidden="true" />}
        title={t('register.noClasses')}
        description={t('register.noClassesHelp')}
        headingLevel={2}
      />
    );
  }

  const data = register.data;
  return (
    <Stack gap="medium">
      <div className={`${styles.controls} ${styles.noPrint}`}>
        <div className={styles.picker}>
          <Select<string>
            label={t('register.class')}
            placeholder={t('register.chooseClass')}
            options={classOptions}
            value={classId}
            onChange={(id) => setChosenClass(id)}
          />
        </div>
        <div className={styles.picker}>
          <MonthPicker
            label={t('register.month')}
            value={month}
            onChange={(m) => isMonth(m) && setChosenMonth(`${year}-${pad(m)}`)}
          />
        </div>
        <div className={styles.picker}>
          <YearPicker
            label={t('register.year')}
            value={year}
            onChange={(y) => typeof y === 'number' && setChosenMonth(`${y}-${pad(month)}`)}
          />
        </div>
        <Button
          variant="secondary"
          isPending={exporting}
          isDisabled={!data}
          onPress={() => void exportRegister()}
        >
          <Download size={18} aria-hidden="true" />
          {t('register.download')}
        </Button>
        <Button variant="secondary" isDisabled={!data} onPress={() => window.print()}>
          <Printer size={18} aria-hidden="true" />
          {t('register.print')}
        </Button>
      </div>
      {register.isError ? (
        <Card padding="small">
          <Stack gap="small" align="start">
            <Text role="alert">{failureText(register.error, lang, t)}</Text>
            <Button variant="secondary" onPress={() => void register.refetch()}>
              <RefreshCw size={16} aria-hidden="true" />
              {t('retry')}
            </Button>
          </Stack>
        </Card>
      ) : !data ? (
        <div role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton shape="rect" />
        </div>
      ) : (
        <MonthGrid register={data} />
      )}
    </Stack>
  );
}

/** The grid of a month: students × days, with their totals and the days' totals. */
function MonthGrid({ register: r }: { register: MonthRegister }) {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const digits = useDigits();
  const { user } = useAuth();
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const [y, m] = r.month.split('-').map(Number);
  const monthLabel = monthName(m as Month, lang === 'km' ? 'km' : 'en');
  const className = pickText({ km: r.schoolClass.nameKm, en: r.schoolClass.nameEn }, lang);
  const title = t('register.title', { class: className, month: monthLabel, year: n(y!) });
  const days = Array.from({ length: r.days }, (_, i) => i + 1);
  const sessions = r.sessions.length > 0 ? r.sessions : (['full_day'] as const);
  const perDay = sessions.length;
  const statusName = (s: AttendanceStatus) => t(`statuses.${s}`);

  return (
    <div className={styles.printArea}>
      <Stack gap="small">
        {user ? (
          <Text className={styles.printOnly} weight="bold">
            {pickText({ km: user.school.nameKm, en: user.school.nameEn }, lang)} ·{' '}
            {t('register.printTitle')}
          </Text>
        ) : null}
        <Heading level={2} size={3}>
          {title}
        </Heading>
        <div className={styles.summary}>
          <Text weight="bold">
            {r.rate === null
              ? `${t('rate')}: ${t('noRate')}`
              : t('register.rateLine', { rate: formatRate(r.rate, digits) })}
          </Text>
          <Text tone="muted" size="small">
            {t('register.marksLine', {
              present: n(r.totals.present),
              absent: n(r.totals.absent),
              permission: n(r.totals.permission),
              late: n(r.totals.late),
            })}
          </Text>
        </div>
        {r.students.length === 0 ? (
          <EmptyState
            icon={<Table2 size={32} aria-hidden="true" />}
            title={t('register.empty')}
            description={t('register.emptyHelp')}
            headingLevel={3}
          />
        ) : (
          <>
            <Text tone="muted" size="small" className={styles.noPrint}>
              {t('register.scrollHint')}
            </Text>
            {/* A scrolling region is reached by the keyboard to scroll it (axe: scrollable-region-focusable). */}
            <div
              className={styles.gridScroll}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              role="region"
              aria-label={t('register.gridLabel', {
                class: className,
                month: monthLabel,
                year: n(y!),
              })}
            >
              <table className={styles.grid}>
                <thead>
                  <tr>
                    <th scope="col" rowSpan={perDay > 1 ? 2 : 1} className={styles.studentCell}>
                      {t('register.number')} · {t('register.student')}
                    </th>
                    {days.map((d) => {
                      const wd = weekdayOf(r.month, d);
                      return (
                        <th
                          key={d}
                          scope="colgroup"
                          colSpan={perDay}
                          className={`${styles.dayHead} ${wd >= 6 ? styles.weekend : ''}`}
                        >
                          <abbr
                            title={dayName(wd, lang === 'km' ? 'km' : 'en')}
                            className={styles.weekdayInitial}
                          >
                            {weekdayInitial(wd, lang)}
                          </abbr>
                          {n(d)}
                        </th>
                      );
                    })}
                    {attendanceStatuses.map((s) => (
                      <th
                        key={s}
                        scope="col"
                        rowSpan={perDay > 1 ? 2 : 1}
                        className={`${styles.total} ${styles.status[s]}`}
                      >
                        <abbr title={statusName(s)}>{statusCode(s, lang)}</abbr>
                      </th>
                    ))}
                  </tr>
                  {perDay > 1 ? (
                    <tr>
                      {days.flatMap((d) =>
                        sessions.map((s) => (
                          <th key={`${d}-${s}`} scope="col">
                            <abbr title={t(`sessions.${s}`)}>{t(`sessionInitials.${s}`)}</abbr>
                          </th>
                        )),
                      )}
                    </tr>
                  ) : null}
                </thead>
                <tbody>
                  {r.students.map((row, index) => (
                    <tr key={row.student.id}>
                      <th scope="row" className={styles.studentCell}>
                        <span className={styles.studentLine}>
                          <span className={styles.studentNumber}>{n(index + 1)}</span>
                          <span className={styles.studentText}>
                            <span className={styles.studentName} translate="no">
                              {pickText({ km: row.student.nameKm, en: row.student.nameEn }, lang)}
                            </span>
                            <span className={styles.studentCode} translate="no">
                              {row.student.code}
                            </span>
                          </span>
                        </span>
                      </th>
                      {days.flatMap((d) => {
                        const iso = dayIso(r.month, d);
                        const inClass = iso >= row.from && iso <= row.to;
                        return sessions.map((s, si) => {
                          const status = inClass ? (row.marks[d - 1]?.[si] ?? null) : null;
                          if (!inClass) {
                            return (
                              <td
                                key={`${d}-${s}`}
                                className={styles.outside}
                                title={t('register.notInClass')}
                              />
                            );
                          }
                          return (
                            <td
                              key={`${d}-${s}`}
                              className={`${styles.mark} ${status ? styles.status[status] : ''}`}
                              title={status ? statusName(status) : undefined}
                            >
                              {status ? statusCode(status, lang) : ''}
                            </td>
                          );
                        });
                      })}
                      {attendanceStatuses.map((s) => (
                        <td key={s} className={styles.total}>
                          {n(row.totals[s])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {attendanceStatuses.map((s) => (
                    <tr key={s}>
                      <th scope="row" className={styles.studentCell}>
                        <VisuallyHidden>{t('register.dayTotals')} </VisuallyHidden>
                        <span className={`${styles.legendCode} ${styles.status[s]}`}>
                          {statusCode(s, lang)}
                        </span>{' '}
                        {statusName(s)}
                      </th>
                      {days.map((d) => (
                        <td key={d} colSpan={perDay}>
                          {r.dayTotals[d - 1]?.[s] ? n(r.dayTotals[d - 1]![s]) : ''}
                        </td>
                      ))}
                      {attendanceStatuses.map((c) => (
                        <td key={c} className={styles.total}>
                          {c === s ? n(r.totals[s]) : ''}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tfoot>
              </table>
            </div>
            <ul className={styles.legend} aria-label={t('register.legend')}>
              {attendanceStatuses.map((s) => (
                <li key={s} className={styles.legendItem}>
                  <span className={`${styles.legendCode} ${styles.status[s]}`}>
                    {statusCode(s, lang)}
                  </span>
                  {statusName(s)}
                </li>
              ))}
            </ul>
          </>
        )}
      </Stack>
    </div>
  );
}
