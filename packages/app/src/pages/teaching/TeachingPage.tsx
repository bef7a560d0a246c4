import { useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type ClassListResponse,
  type TimetableEntry,
  type TimetableResponse,
} from '@sala/contract';
import {
  Button,
  Card,
  EmptyState,
  Heading,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  dayColors,
  dayName,
  pickText,
  useColorMode,
  type DayOfWeek,
} from '@sala/ui';
import { CalendarDays } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import * as styles from './teaching.css.js';

type View = 'mine' | 'class' | 'teacher' | 'room';

/** The lessons of one day, in the order of the day. */
function DayCard({
  day,
  lessons,
  view,
}: {
  day: DayOfWeek;
  lessons: TimetableEntry[];
  view: View;
}) {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language === 'km' ? 'km' : 'en';
  const { colorMode } = useColorMode();
  const colors = dayColors[day];
  const dark = colorMode === 'dark';
  const name = (n: { nameKm: string; nameEn: string }) =>
    pickText({ km: n.nameKm, en: n.nameEn }, lang);
  return (
    <section
      className={styles.day}
      style={{
        borderTopColor: dark ? colors.primaryDark : colors.primary,
        background: dark ? colors.tintDark : colors.tint,
      }}
      aria-labelledby={`day-${day}`}
    >
      <h2 id={`day-${day}`} className={styles.dayName}>
        {dayName(day, lang)}
      </h2>
      {lessons.length === 0 ? (
        <Text tone="muted">{t('noLessons')}</Text>
      ) : (
        <ol className={styles.lessons}>
          {lessons.map((lesson) => (
            <li key={lesson.id} className={styles.lesson}>
              <span className={styles.time}>
                {t('period', { number: lesson.period.number })} · {lesson.period.startTime}–
                {lesson.period.endTime}
              </span>
              <span className={styles.subject}>{name(lesson.subject)}</span>
              <span className={styles.detail}>
                {[
                  view === 'class' ? null : name(lesson.schoolClass),
                  view === 'teacher' || view === 'mine' || !lesson.teacher
                    ? null
                    : name(lesson.teacher),
                  view === 'room' || !lesson.room ? null : t('room', { room: lesson.room }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `/teaching`: the week's timetable of a class, a teacher, a room, or the signed-in teacher. */
export default function TeachingPage() {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const http = useHttp();
  const { user } = useAuth();
  const isTeacher = user?.roleTags.includes('teacher') ?? false;
  // A teacher starts on their own week; the administrators (who may teach too) on a class's.
  const [view, setView] = useState<View>(
    isTeacher && !user?.roles.includes('admin') ? 'mine' : 'class',
  );
  const [classId, setClassId] = useState<string | null>(null);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);

  const classes = useQuery({
    queryKey: ['classes', 'all'],
    queryFn: () => http.get<ClassListResponse>(apiPaths.classes, { pageSize: 200 }),
    enabled: view === 'class' || view === 'room',
  });
  const chosenClass = classId ?? classes.data?.items[0]?.id ?? null;
  const rooms = useMemo(
    () =>
      [...new Set((classes.data?.items ?? []).map((c) => c.room).filter(Boolean))].sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true }),
      ),
    [classes.data],
  );
  const chosenRoom = room ?? rooms[0] ?? null;

  const query =
    view === 'mine'
      ? { mine: 'true' }
      : view === 'class'
        ? chosenClass && { classId: chosenClass }
        : view === 'teacher'
          ? teacherId && { employeeId: teacherId }
          : chosenRoom && { room: chosenRoom };
  const week = useQuery({
    queryKey: ['timetable', query],
    queryFn: () => http.get<TimetableResponse>(apiPaths.timetable, query || undefined),
    enabled: !!query,
  });

  const days = useMemo(() => {
    const items = week.data?.items ?? [];
    const shown: DayOfWeek[] = items.some((item) => item.dayOfWeek === 7)
      ? [1, 2, 3, 4, 5, 6, 7]
      : [1, 2, 3, 4, 5, 6];
    return shown.map((day) => ({
      day,
      lessons: items
        .filter((item) => item.dayOfWeek === day)
        .sort((a, b) => a.period.startTime.localeCompare(b.period.startTime)),
    }));
  }, [week.data]);

  const segments = [
    ...(isTeacher ? [{ id: 'mine' as const, label: t('views.mine') }] : []),
    { id: 'class' as const, label: t('views.class') },
    { id: 'teacher' as const, label: t('views.teacher') },
    { id: 'room' as const, label: t('views.room') },
  ];

  return (
    <Stack gap="large">
      <RecordPageHeader route="teaching" />
      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('timetable')}</Heading>
          <div className={records.filters}>
            <SegmentedControl<View>
              label={t('show')}
              segments={segments}
              value={view}
              onChange={setView}
            />
            {view === 'class' ? (
              <Select<string>
                label={t('views.class')}
                options={(classes.data?.items ?? []).map((c) => ({
                  id: c.id,
                  label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
                }))}
                value={chosenClass}
                onChange={(id) => setClassId(id)}
              />
            ) : null}
            {view === 'teacher' ? (
              <EmployeePicker
                label={t('views.teacher')}
                value={teacherId}
                onChange={setTeacherId}
              />
            ) : null}
            {view === 'room' ? (
              <Select<string>
                label={t('views.room')}
                options={rooms.map((r) => ({ id: r, label: r }))}
                value={chosenRoom}
                onChange={(id) => setRoom(id)}
              />
            ) : null}
          </div>
        </Stack>
      </Card>
      {!query ? (
        <Card>
          <Text tone="muted">{view === 'teacher' ? t('chooseTeacher') : t('chooseFirst')}</Text>
        </Card>
      ) : week.isPending ? (
        <div className={styles.week} aria-busy="true">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} shape="rect" height={160} />
          ))}
        </div>
      ) : week.error ? (
        <Card>
          <Stack gap="small">
            <Text role="alert">{failureText(week.error, lang, t)}</Text>
            <div>
              <Button variant="secondary" onPress={() => void week.refetch()}>
                {t('retry')}
              </Button>
            </div>
          </Stack>
        </Card>
      ) : week.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<CalendarDays size={32} aria-hidden="true" />}
            title={t('emptyTitle')}
            description={t('emptyHelp')}
            headingLevel={2}
          />
        </Card>
      ) : (
        <div className={styles.week}>
          {days.map(({ day, lessons }) => (
            <DayCard key={day} day={day} lessons={lessons} view={view} />
          ))}
        </div>
      )}
    </Stack>
  );
}
