import { type Gender, sortStudents, type Student, type TimetableEntry } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  EmptyState,
  Heading,
  Skeleton,
  Stack,
  Text,
  createColumnHelper,
  dayColors,
  dayName,
  isDayOfWeek,
  pickText,
  type DayOfWeek,
} from '@sala/ui';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Users } from 'lucide-react';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { useSchool } from '../setup/useSchool.js';
import { TelegramLinksCard } from '../telegram/TelegramLinksCard.js';
import * as styles from './classPage.css.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Named {
  nameKm: string;
  nameEn: string;
}

/** `/class/:id`: one class — its students, its teachers and its week. */
export default function ClassDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('classes');
  const lang = i18n.language;
  const http = useHttp();
  const nameOf = (n: Named) => pickText({ km: n.nameKm, en: n.nameEn }, lang);

  // An address that names no class (not an id) asks the server nothing.
  const isId = UUID.test(id);
  const schoolClass = useQuery({
    enabled: isId,
    queryKey: ['classes', 'one', id],
    queryFn: () => http.call('getSchoolClass', { params: { id } }),
  });
  const school = useSchool();
  const roster = useQuery({
    enabled: isId,
    queryKey: ['students', { classId: id, pageSize: 100 }],
    queryFn: () => http.call('getStudents', { query: { classId: id, pageSize: 100 } }),
  });
  const teachers = useQuery({
    enabled: isId,
    queryKey: ['teaching-assignments', { classId: id }],
    queryFn: () => http.call('getTeachingAssignments', { query: { classId: id } }),
  });
  const timetable = useQuery({
    enabled: isId,
    queryKey: ['timetable', { classId: id }],
    queryFn: () => http.call('getTimetable', { query: { classId: id } }),
  });

  const columns = useMemo(() => {
    const col = createColumnHelper<Student>();
    return [
      col.accessor('code', {
        header: t('code'),
        size: 120,
        cell: (info) => <span translate="no">{info.getValue()}</span>,
      }),
      col.accessor((s) => pickText({ km: s.nameKm, en: s.nameEn }, lang), {
        id: 'name',
        header: t('names'),
        size: 200,
      }),
      col.accessor((s) => (s.gender ? t(`genders.${s.gender}`) : ''), {
        id: 'gender',
        header: t('gender'),
        size: 90,
      }),
    ];
  }, [lang, t]);

  if (!isId || schoolClass.error) {
    return (
      <Stack gap="medium">
        <Heading level={1}>{t('loadFailed')}</Heading>
        <div role="alert" className={records.formError}>
          {isId ? failureText(schoolClass.error, lang, t) : t('notFound')}
        </div>
        <RouterLink to="/class">{t('back')}</RouterLink>
      </Stack>
    );
  }
  const c = schoolClass.data?.schoolClass;
  // The school's one order of students (the server's list is by name in the screen's language).
  const order = school.data?.settings.studentOrder;
  const items = roster.data?.items;
  const students = items && order ? sortStudents(items, order, (s) => s) : (items ?? []);
  const count = (g: Gender) => students.filter((s) => s.gender === g).length;

  return (
    <Stack gap="large">
      <Button asChild variant="secondary" className={styles.back}>
        <RouterLink to="/class">
          <ArrowLeft size={16} aria-hidden="true" />
          {t('back')}
        </RouterLink>
      </Button>
      {c ? (
        <Stack gap="xsmall">
          <Heading level={1}>{nameOf(c)}</Heading>
          <Text tone="muted">
            {[
              nameOf(c.gradeLevel),
              t(`sessions.${c.session}`),
              c.room ? `${t('room')} ${c.room}` : '',
              `${t('homeroom')}: ${c.homeroomTeacher ? nameOf(c.homeroomTeacher) : t('noHomeroom')}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      ) : (
        <Skeleton shape="text" />
      )}
      <div className={styles.sections}>
        <Card padding="small">
          <Stack gap="small">
            <Heading level={2}>{t('roster')}</Heading>
            {roster.data ? (
              <Text tone="muted">
                {t('rosterSummary', {
                  count: roster.data.total,
                  girls: count('female'),
                  boys: count('male'),
                })}
              </Text>
            ) : null}
            <DataTable
              data={students}
              columns={columns}
              getRowId={(s) => s.id}
              label={t('rosterLabel')}
              isLoading={roster.isPending}
              error={roster.error ? failureText(roster.error, lang, t) : undefined}
              onRetry={() => void roster.refetch()}
              emptyState={
                <EmptyState
                  icon={<Users size={32} aria-hidden="true" />}
                  title={t('noStudents')}
                  headingLevel={3}
                />
              }
            />
          </Stack>
        </Card>
        <Card padding="small">
          <Stack gap="small">
            <Heading level={2}>{t('teachers')}</Heading>
            {teachers.error ? (
              <div role="alert" className={records.formError}>
                {failureText(teachers.error, lang, t)}
              </div>
            ) : teachers.isPending ? (
              <Skeleton shape="text" />
            ) : teachers.data.items.length === 0 ? (
              <Text tone="muted">{t('noTeachers')}</Text>
            ) : (
              <ul className={styles.list} aria-label={t('teachersLabel')}>
                {teachers.data.items.map((a) => (
                  <li key={a.id}>
                    <strong>{nameOf(a.subject)}</strong> — {nameOf(a.teacher)}
                    {a.hoursPerWeek ? ` (${a.hoursPerWeek} ${t('hoursShort')})` : ''}
                  </li>
                ))}
              </ul>
            )}
          </Stack>
        </Card>
      </div>
      <Card padding="small">
        <Stack gap="small">
          <Heading level={2}>{t('timetable')}</Heading>
          {timetable.error ? (
            <div role="alert" className={records.formError}>
              {failureText(timetable.error, lang, t)}
            </div>
          ) : timetable.isPending ? (
            <Skeleton shape="rect" />
          ) : timetable.data.items.length === 0 ? (
            <Text tone="muted">{t('noTimetable')}</Text>
          ) : (
            <WeekGrid entries={timetable.data.items} />
          )}
        </Stack>
      </Card>
      <TelegramLinksCard purpose="class" classId={id} />
    </Stack>
  );
}

/** Days across, periods down; scrolls sideways inside its card on a phone. */
function WeekGrid({ entries }: { entries: readonly TimetableEntry[] }) {
  const { t, i18n } = useTranslation('classes');
  const lang = i18n.language === 'km' ? 'km' : 'en';
  const days = [...new Set(entries.map((e) => e.dayOfWeek))]
    .filter((d): d is DayOfWeek => isDayOfWeek(d))
    .sort((a, b) => a - b);
  const periods = [...new Map(entries.map((e) => [e.period.id, e.period])).values()].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.number - b.number,
  );
  const at = new Map(entries.map((e) => [`${e.dayOfWeek}:${e.period.id}`, e]));
  return (
    // A scrolling region is reached by the keyboard to scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={t('timetableLabel')}>
      <table className={styles.grid}>
        <thead>
          <tr>
            <th className={styles.periodHead} scope="col">
              {t('period')}
            </th>
            {days.map((day) => (
              <th
                key={day}
                scope="col"
                className={styles.dayHead}
                style={
                  {
                    '--sala-day-tint': dayColors[day].tint,
                    '--sala-day-tint-dark': dayColors[day].tintDark,
                    '--sala-day-primary': dayColors[day].primary,
                    '--sala-day-primary-dark': dayColors[day].primaryDark,
                  } as CSSProperties
                }
              >
                {dayName(day, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {periods.map((period) => (
            <tr key={period.id}>
              <th scope="row" className={styles.periodHead}>
                {period.number}
                <span className={styles.muted}>
                  {period.startTime}–{period.endTime}
                </span>
              </th>
              {days.map((day) => {
                const entry = at.get(`${day}:${period.id}`);
                return (
                  <td key={day} className={styles.cell}>
                    {entry ? (
                      <>
                        {pickText(
                          { km: entry.subject.nameKm, en: entry.subject.nameEn },
                          i18n.language,
                        )}
                        {entry.teacher ? (
                          <span className={styles.muted}>
                            {pickText(
                              { km: entry.teacher.nameKm, en: entry.teacher.nameEn },
                              i18n.language,
                            )}
                          </span>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
