import {
  Avatar,
  Badge,
  Button,
  Card,
  Heading,
  Inline,
  Select,
  Stack,
  StatCard,
  Text,
  formatNumber,
  monthName,
  pickText,
  type Month,
} from '@sala/ui';
import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { PageHeader } from './DevPageHeader.js';
import * as styles from './devPages.css.js';
import {
  className,
  demoSubjects,
  gradeTone,
  letterGrade,
  makeDemoStudents,
  seededRandom,
  type DemoStudent,
} from './demoData.js';

const students = makeDemoStudents(40);
const subjects = demoSubjects;
const month: Month = 3;
const mentions = {
  A: 'excellent',
  B: 'veryGood',
  C: 'good',
  D: 'fairlyGood',
  E: 'average',
  F: 'weak',
} as const;
/** A student's month on paper: scores around their average, and their attendance. */
function reportOf(student: DemoStudent) {
  const random = seededRandom(Number(student.code));
  const ratio = student.average / 50;
  const scores = subjects.map((subject) => {
    const score =
      Math.round(
        Math.min(subject.max, Math.max(0, subject.max * (ratio + (random() - 0.5) * 0.25))) * 2,
      ) / 2;
    return { ...subject, score, grade: letterGrade(score, subject.max) };
  });
  const total = scores.reduce((sum, s) => sum + s.score, 0);
  const max = scores.reduce((sum, s) => sum + s.max, 0);
  const ranked = [...students].sort((a, b) => b.average - a.average);
  return {
    scores,
    total,
    max,
    average: (total / max) * 50,
    rank: ranked.findIndex((s) => s.id === student.id) + 1,
    attendance: {
      present: 22 - Math.floor(random() * 4),
      absent: Math.floor(random() * 2),
      permission: Math.floor(random() * 3),
      late: Math.floor(random() * 3),
    },
  };
}

/** `/dev/StudentReport`: a sample report card built from the design system, ready to print. */
export default function StudentReportPage() {
  const { t, i18n } = useTranslation('demo');
  const lang = i18n.language;
  const { user } = useAuth();
  const [studentId, setStudentId] = useState(students[0]!.id);
  const student = students.find((s) => s.id === studentId) ?? students[0]!;
  const report = reportOf(student);
  const name = lang === 'km' ? student.nameKm : student.nameEn;
  const school = user ? pickText({ km: user.school.nameKm, en: user.school.nameEn }, lang) : '';
  const overall = letterGrade(report.total, report.max);
  const number = (value: number, fraction = 0) =>
    formatNumber(value, { maximumFractionDigits: fraction, minimumFractionDigits: fraction });

  return (
    <Stack gap="large">
      <div className={styles.noPrint}>
        <Stack gap="medium">
          <PageHeader route="dev-StudentReport" />
          <Inline gap="small" alignY="end">
            <Select
              label={t('report.student')}
              options={students.map((s) => ({
                id: s.id,
                label: lang === 'km' ? s.nameKm : s.nameEn,
                description: className(s, lang),
              }))}
              value={studentId}
              onChange={(id) => id && setStudentId(String(id))}
            />
            <Button variant="secondary" onPress={() => window.print()}>
              <Printer size={18} aria-hidden="true" />
              {t('report.print')}
            </Button>
          </Inline>
          <Text size="small" tone="muted">
            {t('report.sample')}
          </Text>
        </Stack>
      </div>

      <Card as="article" className={styles.reportCard} aria-labelledby="report-title">
        <Stack gap="large">
          <Stack gap="xsmall" align="center">
            <Text weight="medium" translate="no">
              {school || t('report.schoolFallback')}
            </Text>
            <Heading level={2} id="report-title">
              {t('report.title', { month: monthName(month, lang === 'km' ? 'km' : 'en') })}
            </Heading>
            <Text tone="muted">{t('report.year')}</Text>
          </Stack>

          <Inline gap="medium" alignY="center">
            <Avatar name={{ km: student.nameKm, en: student.nameEn }} size="large" />
            <dl className={styles.facts}>
              <dt>{t('report.name')}</dt>
              <dd translate="no">{name}</dd>
              <dt>{t('report.code')}</dt>
              <dd>{student.code}</dd>
              <dt>{t('report.class')}</dt>
              <dd>{className(student, lang)}</dd>
              <dt>{t('report.gender')}</dt>
              <dd>{t(`table.${student.gender}`)}</dd>
              <dt>{t('report.born')}</dt>
              <dd>{formatDateTime(new Date(`${student.birthDate}T00:00:00`), lang, false)}</dd>
            </dl>
          </Inline>

          <div className={styles.tableScroll}>
            <table className={styles.scoreTable}>
              <caption className={styles.caption}>{t('report.scores')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('report.subject')}</th>
                  <th scope="col">{t('report.maximum')}</th>
                  <th scope="col">{t('report.score')}</th>
                  <th scope="col">{t('report.grade')}</th>
                </tr>
              </thead>
              <tbody>
                {report.scores.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{t(`grid.subjects.${s.id}`)}</th>
                    <td>{number(s.max)}</td>
                    <td>{number(s.score, 1)}</td>
                    <td>
                      <Badge tone={gradeTone[s.grade]}>{s.grade}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('report.total')}</th>
                  <td>{number(report.max)}</td>
                  <td>{number(report.total, 1)}</td>
                  <td>
                    <Badge tone={gradeTone[overall]}>{overall}</Badge>
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>

          <div className={styles.stats}>
            <StatCard label={t('report.average')} value={report.average} fractionDigits={2} />
            <StatCard
              label={t('report.rank')}
              value={report.rank}
              description={t('report.rankOf', { total: students.length })}
            />
            <StatCard
              label={t('report.mention')}
              value={t(`report.mentions.${mentions[overall]}`)}
            />
            <StatCard
              label={t('report.result')}
              value={t(overall === 'F' ? 'report.fail' : 'report.pass')}
            />
          </div>

          <Stack gap="small">
            <Heading level={3}>{t('report.attendance')}</Heading>
            <Inline gap="small">
              {(['present', 'absent', 'permission', 'late'] as const).map((kind) => (
                <Badge
                  key={kind}
                  tone={kind === 'present' ? 'success' : kind === 'absent' ? 'danger' : 'warning'}
                >
                  {t(`report.${kind}`, { n: report.attendance[kind] })}
                </Badge>
              ))}
            </Inline>
          </Stack>

          <Stack gap="small">
            <Heading level={3}>{t('report.comment')}</Heading>
            <Text>{t(`report.comments.${mentions[overall]}`)}</Text>
          </Stack>

          <div className={styles.signatures}>
            <Stack gap="xlarge" align="center">
              <Text>{t('report.homeroom')}</Text>
              <span className={styles.signatureLine} />
            </Stack>
            <Stack gap="xlarge" align="center">
              <Text>{t('report.principal')}</Text>
              <span className={styles.signatureLine} />
            </Stack>
          </div>
        </Stack>
      </Card>
    </Stack>
  );
}
