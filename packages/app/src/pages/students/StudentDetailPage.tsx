import { studentStatusLabels, type Enrollment } from '@sala/contract';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  Inline,
  Stack,
  Text,
  formatPhone,
  pickText,
  useDigits,
  useToast,
} from '@sala/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, History, LogOut, Pencil, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { BackLink, RecordDetailFallback } from '../../records/RecordDetail.js';
import * as records from '../../records/records.css.js';
import { StudentAttendanceCard } from '../attendance/StudentAttendanceCard.js';
import { StudentResultsCard } from '../results/StudentResultsCard.js';
import { TelegramLinksCard } from '../telegram/TelegramLinksCard.js';
import { EnrollmentDialog, type EnrollmentAction } from './EnrollmentDialogs.js';
import { StudentForm, usePhotoUrl } from './StudentForm.js';
import { formatDay, statusTone } from './studentShared.js';
import * as styles from './students.css.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Named {
  nameKm: string;
  nameEn: string;
}

/** A label and its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  );
}

/**
 * `/students/:id`: one student — who they are, their guardian, their status and their classes
 * year by year; a manager edits them, enrols or transfers them, or ends their enrollment.
 */
export default function StudentDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const digits = useDigits();
  const http = useHttp();
  const photoUrl = usePhotoUrl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['students.manage:school']);
  const seesAttendance = client.hasPermission([
    'attendance.read:own',
    'attendance.record:own',
    'attendance.correct:school',
  ]);
  const seesResults = client.hasPermission(['reports.read:own']);
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<EnrollmentAction | null>(null);

  // An address that names no student (not an id) asks the server nothing.
  const isId = UUID.test(id);
  const detail = useQuery({
    enabled: isId,
    queryKey: ['students', 'one', id],
    queryFn: () => http.call('getStudent', { params: { id } }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const nameOf = (n: Named) => pickText({ km: n.nameKm, en: n.nameEn }, lang);
  const day = (iso: string) => formatDay(iso, lang, digits);
  const notGiven = <Text tone="muted">{t('notGiven')}</Text>;
  const data = (text: string | null | undefined) =>
    text ? <span translate="no">{text}</span> : notGiven;

  const backLink = <BackLink to="/students" namespace="students" className={styles.start} />;

  const s = detail.data?.student;
  if (!isId || detail.error || !s) {
    return (
      <RecordDetailFallback
        namespace="students"
        isId={isId}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        backLink={backLink}
        buttonClassName={styles.start}
      />
    );
  }
  const history = detail.data?.enrollments ?? [];
  // The place the student holds now: their class of the current year, else any still open.
  const open =
    history.find((e) => e.endDate === null && e.schoolClass.id === s.currentClass?.id) ??
    history.find((e) => e.endDate === null);
  const otherName = lang === 'km' ? s.nameEn : s.nameKm;
  const photo = photoUrl(s.photoFileId);
  const years = groupByYear(history);

  return (
    <Stack gap="large">
      {backLink}
      <div className={records.header}>
        <div className={styles.identity}>
          {photo ? (
            <img src={photo} alt={t('photoOf', { name: nameOf(s) })} className={styles.photo} />
          ) : (
            <Avatar name={{ km: s.nameKm, en: s.nameEn }} size="large" />
          )}
          <Stack gap="xsmall">
            <div className={styles.titleRow}>
              <Heading level={1}>
                <span translate="no">{nameOf(s)}</span>
              </Heading>
              <Badge tone={statusTone[s.status]}>
                {pickText(studentStatusLabels[s.status], lang)}
              </Badge>
            </div>
            {otherName && otherName !== nameOf(s) ? (
              <Text tone="muted">
                <span translate="no">{otherName}</span>
              </Text>
            ) : null}
            <Text tone="muted">
              {t('code')}: <span translate="no">{s.code}</span>
              {' · '}
              {t('class')}: {s.currentClass ? nameOf(s.currentClass) : t('noClass')}
            </Text>
          </Stack>
        </div>
        {mayManage ? (
          <Inline gap="small">
            <Button variant="secondary" onPress={() => setEditing(true)}>
              <Pencil size={16} aria-hidden="true" />
              {t('edit')}
            </Button>
            {open ? (
              <>
                <Button variant="secondary" onPress={() => setAction({ kind: 'transfer', open })}>
                  <ArrowRightLeft size={16} aria-hidden="true" />
                  {t('transfer')}
                </Button>
                <Button variant="secondary" onPress={() => setAction({ kind: 'end', open })}>
                  <LogOut size={16} aria-hidden="true" />
                  {t('endEnrollment')}
                </Button>
              </>
            ) : (
              <Button variant="secondary" onPress={() => setAction({ kind: 'enrol' })}>
                <Plus size={16} aria-hidden="true" />
                {t('enrol')}
              </Button>
            )}
          </Inline>
        ) : null}
      </div>

      <div className={styles.sections}>
        <Card padding="small">
          <Stack gap="small">
            <Heading level={2}>{t('details')}</Heading>
            <dl className={styles.facts}>
              <Fact label={t('gender')}>{s.gender ? t(`genders.${s.gender}`) : notGiven}</Fact>
              <Fact label={t('birthDate')}>{s.birthDate ? day(s.birthDate) : notGiven}</Fact>
              <Fact label={t('birthPlace')}>{data(s.birthPlace)}</Fact>
              <Fact label={t('address')}>{data(s.address)}</Fact>
            </dl>
          </Stack>
        </Card>
        <Card padding="small">
          <Stack gap="small">
            <Heading level={2}>{t('guardianSection')}</Heading>
            <dl className={styles.facts}>
              <Fact label={t('guardian')}>{data(s.guardianName)}</Fact>
              <Fact label={t('guardianRelation')}>{data(s.guardianRelation)}</Fact>
              <Fact label={t('guardianPhone')}>
                {s.guardianPhone ? (
                  <a href={`tel:${s.guardianPhone}`} translate="no">
                    {formatPhone(s.guardianPhone)}
                  </a>
                ) : (
                  notGiven
                )}
              </Fact>
            </dl>
          </Stack>
        </Card>
      </div>

      <Card padding="small">
        <Stack gap="small">
          <Heading level={2}>{t('history')}</Heading>
          {years.length === 0 ? (
            <EmptyState
              icon={<History size={32} aria-hidden="true" />}
              title={t('noHistory')}
              description={mayManage ? t('noHistoryHelp') : undefined}
              headingLevel={3}
            />
          ) : (
            years.map(({ yearId, yearName, periods }) => (
              <section key={yearId} className={styles.year} aria-label={yearName}>
                <Stack gap="small">
                  <Heading level={3}>
                    {t('yearHeading')} <span translate="no">{yearName}</span>
                  </Heading>
                  <ol className={styles.periods}>
                    {periods.map((e) => (
                      <li key={e.id} className={styles.period}>
                        <span className={styles.periodClass}>{nameOf(e.schoolClass)}</span>
                        <span>
                          {day(e.startDate)} – {e.endDate ? day(e.endDate) : t('ongoing')}
                        </span>
                        {e.endReason ? (
                          <Badge tone="neutral">{t(`endReasons.${e.endReason}`)}</Badge>
                        ) : (
                          <Badge tone="success">{t('current')}</Badge>
                        )}
                      </li>
                    ))}
                  </ol>
                </Stack>
              </section>
            ))
          )}
        </Stack>
      </Card>
      {seesAttendance ? <StudentAttendanceCard studentId={s.id} /> : null}
      {seesResults ? <StudentResultsCard studentId={s.id} name={nameOf(s)} /> : null}
      <TelegramLinksCard purpose="guardian" studentId={s.id} />

      <Dialog
        isOpen={editing}
        onOpenChange={(isOpen) => !isOpen && setEditing(false)}
        title={t('editTitle')}
        size="large"
      >
        {editing ? (
          <StudentForm
            student={s}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              void queryClient.invalidateQueries({ queryKey: ['students', 'one', id] });
              toast.success(t('saved', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
      <EnrollmentDialog
        student={s}
        action={action}
        onClose={() => setAction(null)}
        onDone={(next, done) => {
          setAction(null);
          const name = nameOf(next.student);
          toast.success(
            done.kind === 'transfer'
              ? t('transferred', {
                  name,
                  class: next.student.currentClass ? nameOf(next.student.currentClass) : '',
                })
              : done.kind === 'end'
                ? t('ended', { name })
                : t('enrolled', {
                    name,
                    class: next.student.currentClass ? nameOf(next.student.currentClass) : '',
                  }),
          );
        }}
      />
    </Stack>
  );
}

/** The history by academic year, newest first as the server sends it; each year oldest first. */
function groupByYear(history: readonly Enrollment[]) {
  const years: { yearId: string; yearName: string; periods: Enrollment[] }[] = [];
  for (const e of history) {
    let year = years.find((y) => y.yearId === e.yearId);
    if (!year) {
      year = { yearId: e.yearId, yearName: e.yearName, periods: [] };
      years.push(year);
    }
    year.periods.unshift(e);
  }
  return years;
}
