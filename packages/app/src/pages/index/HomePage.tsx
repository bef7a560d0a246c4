import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { DashboardResponse } from '@sala/contract';
import {
  Badge,
  Card,
  Heading,
  Link,
  Skeleton,
  Stack,
  StatCard,
  Text,
  dayName,
  pickText,
  toKhmerDigits,
  useDigits,
  vars,
  type ChartDatum,
  type DayOfWeek,
} from '@sala/ui';
import {
  BookOpen,
  Building2,
  ClipboardCheck,
  GraduationCap,
  School,
  UserPlus,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { TodayAttendanceCard } from '../attendance/TodayAttendanceCard.js';
import * as styles from './home.css.js';

const SchoolChart = lazy(() => import('./SchoolChart.js'));

type Named = { nameKm: string; nameEn: string };

export default function HomePage() {
  const { t, i18n } = useTranslation(['home', 'common']);
  const { user } = useAuth();
  if (!user) return null;
  const lang = i18n.language;
  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>
          {t('home:greeting', {
            name: pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username,
          })}
        </Heading>
        <Text tone="muted">
          {t('home:school', {
            school: pickText({ km: user.school.nameKm, en: user.school.nameEn }, lang),
          })}
        </Text>
      </Stack>
      {user.status === 'pending' ? (
        <Card tone="primary">
          <Text role="status">{t('home:pending')}</Text>
        </Card>
      ) : (
        <Dashboard />
      )}
    </Stack>
  );
}

/** The signed-in person's figures: their day and classes, and the school's totals. */
function Dashboard() {
  const { t } = useTranslation('home');
  const http = useHttp();
  const { client } = useAuth();
  // The office's figure of the day: today's rate and the classes whose sheet is missing.
  const seesAttendance = client.hasPermission(['attendance.read:school']);
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => http.call('getDashboard'),
  });

  if (dashboard.isPending) {
    return (
      <div className={styles.columns} role="status" aria-busy="true" aria-label={t('loading')}>
        {[0, 1].map((i) => (
          <Card key={i}>
            <Stack gap="small">
              <Skeleton width="40%" />
              <Skeleton lines={4} />
            </Stack>
          </Card>
        ))}
      </div>
    );
  }
  // A failure is the page's: its gate says why, with "Try again" and the way home.
  if (dashboard.isError) return null;
  const data = dashboard.data;
  const { teacher, office } = data;
  // Someone who runs the school without classes of their own (the office) sees what waits for
  // them, not an empty teacher's day.
  const runsTheSchool = Boolean(office || data.school || seesAttendance);
  const teaches =
    teacher !== null &&
    (teacher.classes.length > 0 || teacher.lessonsToday.length > 0 || !runsTheSchool);
  return (
    <Stack gap="large">
      {office && <OfficeWork office={office} />}
      {seesAttendance && <TodayAttendanceCard />}
      {teacher && teaches && <TeacherDay data={data} teacher={teacher} />}
      {data.school && <SchoolFigures school={data.school} />}
      {!teaches && !runsTheSchool && (
        <Card>
          <Text>{t('intro')}</Text>
        </Card>
      )}
    </Stack>
  );
}

/** What waits for the office: score sheets to publish, staff without an account. */
function OfficeWork({ office }: { office: NonNullable<DashboardResponse['office']> }) {
  const { t } = useTranslation('home');
  const scores = office.scoresAwaitingPublication;
  const staff = office.staffWithoutAccount;
  if (scores === null && staff === null) return null;
  return (
    <Stack as="section" gap="medium" aria-labelledby="home-office">
      <Heading level={2} size={3} id="home-office">
        {t('officeTitle')}
      </Heading>
      <div className={styles.stats}>
        {scores !== null && (
          <StatCard
            label={t('scoresAwaiting')}
            value={scores}
            icon={<ClipboardCheck size={18} />}
            description={
              <Link href="/studentScoringEntry">
                {scores === 0 ? t('scoresNone') : t('scoresLink')}
              </Link>
            }
          />
        )}
        {staff !== null && (
          <StatCard
            label={t('staffWithoutAccount')}
            value={staff}
            icon={<UserPlus size={18} />}
            description={<Link href="/staff">{staff === 0 ? t('staffNone') : t('staffLink')}</Link>}
          />
        )}
      </div>
    </Stack>
  );
}

function useNumber() {
  const digits = useDigits();
  return (value: number | string) => (digits === 'khmr' ? toKhmerDigits(value) : String(value));
}

function TeacherDay({
  data,
  teacher,
}: {
  data: DashboardResponse;
  teacher: NonNullable<DashboardResponse['teacher']>;
}) {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const n = useNumber();
  const nameOf = (x: Named) => pickText({ km: x.nameKm, en: x.nameEn }, lang);
  const lessons = [...teacher.lessonsToday].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.periodNumber - b.periodNumber,
  );
  const day = dayName(data.dayOfWeek as DayOfWeek, lang === 'km' ? 'km' : 'en');
  return (
    <div className={styles.columns}>
      <Card as="section" aria-labelledby="home-today">
        <Stack gap="small">
          <div className={styles.sectionHeader}>
            <Heading level={2} size={3} id="home-today">
              {t('today', { day })}
            </Heading>
            <Link href="/teaching">{t('timetableLink')}</Link>
          </div>
          {lessons.length === 0 ? (
            <Text tone="muted">{t('noLessons')}</Text>
          ) : (
            <ol className={styles.list} aria-label={t('lessonsLabel')}>
              {lessons.map((lesson) => (
                <li
                  key={`${lesson.periodNumber}-${lesson.schoolClass.id}`}
                  className={styles.lesson}
                >
                  <span className={styles.when}>
                    <Text as="span" size="small" weight="bold">
                      {t('period', { n: n(lesson.periodNumber) })}
                    </Text>
                    <br />
                    <Text as="span" size="small" tone="muted">
                      {n(lesson.startTime.slice(0, 5))}–{n(lesson.endTime.slice(0, 5))}
                    </Text>
                  </span>
                  <span>
                    <Text as="span" weight="medium">
                      {nameOf(lesson.subject)}
                    </Text>
                    <br />
                    <Text as="span" size="small" tone="muted">
                      {nameOf(lesson.schoolClass)}
                      {lesson.room ? ` · ${t('room', { room: lesson.room })}` : ''}
                    </Text>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <Text size="small" tone="muted">
            {t('hoursThisWeek', { hours: n(teacher.hoursThisWeek) })}
          </Text>
        </Stack>
      </Card>
      <Card as="section" aria-labelledby="home-classes">
        <Stack gap="small">
          <div className={styles.sectionHeader}>
            <Heading level={2} size={3} id="home-classes">
              {t('myClasses')}
            </Heading>
            <Link href="/class">{t('classesLink')}</Link>
          </div>
          {teacher.classes.length === 0 ? (
            <Text tone="muted">{t('noClasses')}</Text>
          ) : (
            <ul className={styles.list} aria-label={t('myClasses')}>
              {teacher.classes.map((c) => (
                <li key={c.id} className={styles.item}>
                  <Stack gap="none">
                    <Text weight="medium">
                      {nameOf(c)} {c.homeroom && <Badge tone="primary">{t('homeroom')}</Badge>}
                    </Text>
                    <Text size="small" tone="muted">
                      {c.subjects.map(nameOf).join(', ') || t('noSubjects')}
                    </Text>
                  </Stack>
                  <Text size="small" tone="muted">
                    {t('studentCount', { n: n(c.studentCount) })}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      </Card>
    </div>
  );
}

function SchoolFigures({ school }: { school: NonNullable<DashboardResponse['school']> }) {
  const { t } = useTranslation('home');
  const n = useNumber();
  const chart: ChartDatum[] = school.studentsByGrade.flatMap((g) => [
    { label: t('gradeGirls', { grade: n(g.grade) }), value: g.female, color: vars.color.primary },
    { label: t('gradeBoys', { grade: n(g.grade) }), value: g.male, color: vars.color.info },
  ]);
  return (
    <Stack as="section" gap="medium" aria-labelledby="home-school">
      <Heading level={2} size={3} id="home-school">
        {t('schoolTitle')}
      </Heading>
      <div className={styles.stats}>
        <StatCard
          label={t('students')}
          value={school.students.total}
          description={t('girls', { n: n(school.students.female) })}
          icon={<GraduationCap size={18} />}
        />
        <StatCard
          label={t('classes')}
          value={school.classes}
          description={<Link href="/class">{t('classesLink')}</Link>}
          icon={<School size={18} />}
        />
        <StatCard
          label={t('staff')}
          value={school.staff.total}
          description={t('teachers', { n: n(school.staff.teachers) })}
          icon={<Users size={18} />}
        />
        <StatCard
          label={t('departments')}
          value={school.departments}
          description={<Link href="/department">{t('departmentsLink')}</Link>}
          icon={<Building2 size={18} />}
        />
        <StatCard
          label={t('subjects')}
          value={school.subjects}
          description={<Link href="/teaching">{t('teachingLink')}</Link>}
          icon={<BookOpen size={18} />}
        />
      </div>
      {chart.length > 0 && (
        <Card className={styles.chartScroll}>
          <Suspense fallback={<Skeleton shape="rect" height={248} />}>
            <SchoolChart
              title={t('byGrade')}
              data={chart}
              categoryLabel={t('gradeAndGender')}
              valueLabel={t('students')}
            />
          </Suspense>
        </Card>
      )}
    </Stack>
  );
}
