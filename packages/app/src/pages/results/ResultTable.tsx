import type { GradeBand, ResultSheet, StudentResult } from '@sala/contract';
import {
  Badge,
  Link,
  VisuallyHidden,
  formatNumber,
  monthName,
  pickText,
  useDigits,
  type Month,
} from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { formatAverage, formatScore, gradeTone, mentionOf } from './resultsFormat.js';
import * as styles from './results.css.js';

/**
 * The result sheet as schools print it: a row per student, a column per subject, then the
 * period's parts (a term's monthly and exam averages, a year's terms), the total, average, rank,
 * grade and result, and the absences. The names stay in view while a phone scrolls sideways.
 */
export function ResultTable({
  sheet,
  title,
  bands,
  studentHref,
}: {
  sheet: ResultSheet;
  /** The class and period, naming the table and its scrolling region. */
  title: string;
  bands: readonly GradeBand[] | undefined;
  /** Where a student's name leads: their year and report card. */
  studentHref: (studentId: string) => string;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const { decimals } = sheet;
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const score = (value: number | null) => formatScore(value, decimals, digits);
  const avg = (value: number | null) => formatAverage(value, decimals, digits);
  // The parts of the period's average, in the order the server gives them (every student's, so
  // a student who joined late does not hide a month).
  const months =
    sheet.period === 'term'
      ? [...new Set(sheet.students.flatMap((s) => s.monthAverages.map((m) => m.month)))]
      : [];
  const terms =
    sheet.period === 'year'
      ? [...new Set(sheet.students.flatMap((s) => s.termAverages.map((m) => m.term)))]
      : [];

  const row = (line: StudentResult, index: number) => {
    const name = pickText({ km: line.student.nameKm, en: line.student.nameEn }, lang);
    return (
      <tr key={line.student.id} className={line.active ? undefined : styles.inactiveRow}>
        <th scope="row" className={styles.nameCell}>
          <span className={styles.nameLine}>
            <span className={styles.rowNumber}>{n(index + 1)}</span>
            <span className={styles.nameText}>
              <Link href={studentHref(line.student.id)} className={styles.studentName}>
                <span translate="no">{name}</span>
              </Link>
              <span className={styles.studentCode} translate="no">
                {line.student.code}
              </span>
              {line.active ? null : <Badge tone="neutral">{t('table.left')}</Badge>}
            </span>
          </span>
        </th>
        {sheet.subjects.map((subject) => {
          const cell = line.subjects.find((s) => s.subjectId === subject.id);
          if (cell?.absent) {
            return (
              <td key={subject.id} className={styles.absentMark}>
                <abbr title={t('table.absentTest')}>{t('table.absentCode')}</abbr>
              </td>
            );
          }
          return <td key={subject.id}>{score(cell?.score ?? null)}</td>;
        })}
        {months.map((month) => (
          <td key={`m${month}`}>
            {avg(line.monthAverages.find((m) => m.month === month)?.average ?? null)}
          </td>
        ))}
        {sheet.period === 'term' ? <td>{avg(line.examAverage)}</td> : null}
        {terms.map((term) => (
          <td key={`t${term}`}>
            {avg(line.termAverages.find((m) => m.term === term)?.average ?? null)}
          </td>
        ))}
        {sheet.period === 'month' ? <td>{score(line.total)}</td> : null}
        <td className={styles.strong}>{avg(line.average)}</td>
        <td className={`${styles.strong} ${styles.centered}`}>
          {line.rank === null ? '–' : n(line.rank)}
        </td>
        <td className={styles.centered}>
          {line.grade ? (
            <Badge tone={gradeTone[line.grade]}>
              {line.grade} · {mentionOf(line.grade, lang, bands)}
            </Badge>
          ) : (
            '–'
          )}
        </td>
        <td className={styles.centered}>
          {line.passed === null ? (
            '–'
          ) : (
            <Badge tone={line.passed ? 'success' : 'danger'}>
              {line.passed ? t('table.pass') : t('table.fail')}
            </Badge>
          )}
        </td>
        <td>{n(line.absences.absent)}</td>
        <td>{n(line.absences.permission)}</td>
      </tr>
    );
  };

  return (
    // A scrolling region is reached by the keyboard to scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={title}>
      <table className={styles.table}>
        <caption>
          <VisuallyHidden>{title}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.nameCell}>
              {t('table.number')} · {t('table.student')}
            </th>
            {sheet.subjects.map((subject) => (
              <th key={subject.id} scope="col" className={styles.subjectHead}>
                {pickText({ km: subject.nameKm, en: subject.nameEn }, lang)}
                <span className={styles.headNote}>
                  {subject.coefficient === 1
                    ? t('table.outOf', { max: n(subject.maxScore) })
                    : t('table.outOfWeighted', {
                        max: n(subject.maxScore),
                        coefficient: n(subject.coefficient),
                      })}
                </span>
              </th>
            ))}
            {months.map((month) => (
              <th key={`m${month}`} scope="col">
                {monthName(month as Month, lang === 'km' ? 'km' : 'en')}
                <span className={styles.headNote}>{t('table.monthAverage')}</span>
              </th>
            ))}
            {sheet.period === 'term' ? <th scope="col">{t('table.exam')}</th> : null}
            {terms.map((term) => (
              <th key={`t${term}`} scope="col">
                {t('table.termAverage', { term: n(term) })}
              </th>
            ))}
            {sheet.period === 'month' ? <th scope="col">{t('table.total')}</th> : null}
            <th scope="col">
              {t('table.average')}
              <span className={styles.headNote}>
                {t('table.outOf', { max: n(sheet.maxScore) })}
              </span>
            </th>
            <th scope="col">{t('table.rank')}</th>
            <th scope="col">{t('table.grade')}</th>
            <th scope="col">{t('table.result')}</th>
            <th scope="col">
              <abbr title={t('table.absentLong')}>{t('table.absent')}</abbr>
            </th>
            <th scope="col">
              <abbr title={t('table.permissionLong')}>{t('table.permission')}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>{sheet.students.map(row)}</tbody>
      </table>
    </div>
  );
}
