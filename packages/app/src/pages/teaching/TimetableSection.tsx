import { useQuery } from '@tanstack/react-query';
import type { Period, SchoolClass, TimetableEntry } from '@sala/contract';
import {
  Button,
  Card,
  EmptyState,
  IconButton,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  dayColors,
  dayName,
  useColorMode,
  type DayOfWeek,
} from '@sala/ui';
import { CalendarDays, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { LessonDialog, type Slot } from './LessonDialog.js';
import { nameIn, useClasses, usePeriods } from './teachingData.js';
import * as styles from './teaching.css.js';

type View = 'mine' | 'class' | 'teacher' | 'room';

function LessonText({ lesson, view }: { lesson: TimetableEntry; view: View }) {
  const { t, i18n } = useTranslation('teaching');
  const name = nameIn(i18n.language);
  return (
    <>
      <span className={styles.time}>
        {t('period', { number: lesson.period.number })} · {lesson.period.startTime}–
        {lesson.period.endTime}
      </span>
      <span className={styles.subject}>{name(lesson.subject)}</span>
      <span className={styles.detail}>
        {[
          view === 'class' ? null : name(lesson.schoolClass),
          view === 'teacher' || view === 'mine' || !lesson.teacher ? null : name(lesson.teacher),
          view === 'room' || !lesson.room ? null : t('room', { room: lesson.room }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </>
  );
}

/**
 * The lessons of one day in that day's colour. With `periods` (a class's week, for someone who
 * builds the timetable) every period of the day is shown: a lesson to change, or a free slot.
 */
function DayCard({
  day,
  lessons,
  view,
  periods,
  onSlot,
}: {
  day: DayOfWeek;
  lessons: TimetableEntry[];
  view: View;
  periods?: Period[] | undefined;
  onSlot?: (slot: Slot) => void;
}) {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language === 'km' ? 'km' : 'en';
  const { colorMode } = useColorMode();
  const colors = dayColors[day];
  const dark = colorMode === 'dark';
  const label = dayName(day, lang);
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
        {label}
      </h2>
      {periods && onSlot ? (
        <ol className={styles.lessons}>
          {periods.map((period) => {
            const entry = lessons.find((lesson) => lesson.period.id === period.id);
            const slot = { day, period, entry };
            return entry ? (
              <li key={period.id} className={`${styles.lesson} ${styles.editableLesson}`}>
                <span className={styles.lessonText}>
                  <LessonText lesson={entry} view={view} />
                </span>
                <IconButton
                  label={t('editSlot', { day: label, number: period.number })}
                  icon={<Pencil size={16} />}
                  size="small"
                  onPress={() => onSlot(slot)}
                />
              </li>
            ) : (
              <li key={period.id} className={styles.freeSlot}>
                <span>
                  {t('period', { number: period.number })} · {period.startTime}–{period.endTime} ·{' '}
                  {t('freeSlot')}
                </span>
                <IconButton
                  label={t('addSlot', { day: label, number: period.number })}
                  icon={<Plus size={16} />}
                  size="small"
                  onPress={() => onSlot(slot)}
                />
              </li>
            );
          })}
        </ol>
      ) : lessons.length === 0 ? (
        <Text tone="muted">{t('noLessons')}</Text>
      ) : (
        <ol className={styles.lessons}>
          {lessons.map((lesson) => (
            <li key={lesson.id} className={styles.lesson}>
              <LessonText lesson={lesson} view={view} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The periods a class may have lessons in: its shift's (a full-day class: all), by time. */
function periodsOfClass(periods: Period[], schoolClass: SchoolClass | undefined): Period[] {
  if (!schoolClass) return [];
  return periods
    .filter((p) => schoolClass.session === 'full_day' || p.session === schoolClass.session)
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.number - b.number);
}

/**
 * The week's timetable of a class, a teacher, a room, or the signed-in teacher; whoever manages
 * teaching builds a class's week slot by slot.
 */
export function TimetableSection() {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const name = nameIn(lang);
  const http = useHttp();
  const { user, client } = useAuth();
  const mayManage = client.hasPermission(['teaching.manage:department']);
  const isTeacher = user?.roleTags.includes('teacher') ?? false;
  // A teacher starts on their own week; the administrators (who may teach too) on a class's.
  const [view, setView] = useState<View>(
    isTeacher && !user?.roles.includes('admin') ? 'mine' : 'class',
  );
  const [classId, setClassId] = useState<string | null>(null);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [room, setRoom] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);

  const classes = useClasses(view === 'class' || view === 'room');
  const chosenClass = classId ?? classes.data?.items[0]?.id ?? null;
  const schoolClass = classes.data?.items.find((c) => c.id === chosenClass);
  const editing = mayManage && view === 'class' && !!schoolClass;
  const periods = usePeriods(editing);
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
      ? { mine: 'true' as const }
      : view === 'class'
        ? chosenClass && { classId: chosenClass }
        : view === 'teacher'
          ? teacherId && { employeeId: teacherId }
          : chosenRoom && { room: chosenRoom };
  const week = useQuery({
    queryKey: ['timetable', query],
    queryFn: () => http.call('getTimetable', { query: query || {} }),
    enabled: !!query,
  });

  const classPeriods = useMemo(
    () => (editing ? periodsOfClass(periods.data?.items ?? [], schoolClass) : undefined),
    [editing, periods.data, schoolClass],
  );

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
  const slotsShown = editing && classPeriods !== undefined && classPeriods.length > 0;

  return (
    <Stack gap="large">
      <Card>
        <Stack gap="medium">
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
                options={(classes.data?.items ?? []).map((c) => ({ id: c.id, label: name(c) }))}
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
          {editing && periods.data ? (
            <Text tone="muted">
              {classPeriods && classPeriods.length > 0 ? t('editHelp') : t('noPeriods')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {!query ? (
        <Card>
          <Text tone="muted">{view === 'teacher' ? t('chooseTeacher') : t('chooseFirst')}</Text>
        </Card>
      ) : week.isPending || (editing && periods.isPending) ? (
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
      ) : week.data.items.length === 0 && !slotsShown ? (
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
            <DayCard
              key={day}
              day={day}
              lessons={lessons}
              view={view}
              periods={slotsShown ? classPeriods : undefined}
              onSlot={setSlot}
            />
          ))}
        </div>
      )}
      {schoolClass ? (
        <LessonDialog schoolClass={schoolClass} slot={slot} onClose={() => setSlot(null)} />
      ) : null}
    </Stack>
  );
}
