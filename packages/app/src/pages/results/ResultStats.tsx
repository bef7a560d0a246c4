import { gradeLetters, type GradeBand, type ResultSheet } from '@sala/contract';
import { Card, Chart, StatCard, formatNumber, useDigits, vars } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { formatAverage, formatPercent, mentionOf } from './resultsFormat.js';
import * as styles from './results.css.js';

/** Each grade's bar in the colour of its badge. */
const gradeColor = {
  A: vars.color.success,
  B: vars.color.success,
  C: vars.color.info,
  D: vars.color.info,
  E: vars.color.warning,
  F: vars.color.danger,
} as const;

/**
 * The class's figures for the period: its size (girls counted apart, as Cambodian reports do),
 * mean, median, highest and lowest average and pass rate; the same by gender; and how many
 * students reached each grade.
 */
export function ResultStats({
  sheet,
  bands,
}: {
  sheet: ResultSheet;
  bands: readonly GradeBand[] | undefined;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const { stats, decimals } = sheet;
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const avg = (value: number | null) => formatAverage(value, decimals, digits);
  const girls = stats.byGender.find((g) => g.gender === 'female');
  // Girls and boys always; another gender only when the class has such a student.
  const genders = stats.byGender
    .filter((g) => g.gender !== 'other' || g.count > 0)
    .sort((a, b) => genderOrder.indexOf(a.gender) - genderOrder.indexOf(b.gender));
  const grades = gradeLetters.map((grade) => ({
    label: grade,
    value: stats.grades.find((g) => g.grade === grade)?.count ?? 0,
    color: gradeColor[grade],
  }));

  return (
    <section aria-label={t('stats.title')}>
      <div className={styles.summaryGridStack}>
        <div className={styles.stats}>
          <StatCard
            label={t('stats.students')}
            value={n(stats.count)}
            description={t('stats.girls', { count: girls?.count ?? 0, n: n(girls?.count ?? 0) })}
          />
          <StatCard
            label={t('stats.passRate')}
            value={formatPercent(stats.passRate, digits)}
            description={t('stats.passedOf', {
              passed: n(stats.passed),
              total: n(stats.withResult),
            })}
          />
          <StatCard
            label={t('stats.mean')}
            value={avg(stats.mean)}
            description={t('stats.outOf', { max: n(sheet.maxScore) })}
          />
          <StatCard label={t('stats.median')} value={avg(stats.median)} />
          <StatCard label={t('stats.highest')} value={avg(stats.highest)} />
          <StatCard label={t('stats.lowest')} value={avg(stats.lowest)} />
        </div>
        <div className={styles.summaryGrid}>
          <Card padding="small">
            <table className={styles.genderTable}>
              <caption className={styles.caption}>{t('stats.byGender')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stats.gender')}</th>
                  <th scope="col">{t('stats.studentsShort')}</th>
                  <th scope="col">{t('stats.passedShort')}</th>
                  <th scope="col">{t('stats.passRateShort')}</th>
                  <th scope="col">{t('stats.meanShort')}</th>
                </tr>
              </thead>
              <tbody>
                {genders.map((g) => (
                  <tr key={g.gender}>
                    <th scope="row">{t(`genders.${g.gender}`)}</th>
                    <td>{n(g.count)}</td>
                    <td>{n(g.passed)}</td>
                    <td>{formatPercent(g.passRate, digits)}</td>
                    <td>{avg(g.mean)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('stats.all')}</th>
                  <td>{n(stats.count)}</td>
                  <td>{n(stats.passed)}</td>
                  <td>{formatPercent(stats.passRate, digits)}</td>
                  <td>{avg(stats.mean)}</td>
                </tr>
              </tbody>
            </table>
          </Card>
          <Card padding="small">
            <Chart
              type="bar"
              title={t('stats.distribution')}
              data={grades}
              categoryLabel={t('stats.grade')}
              valueLabel={t('stats.studentsShort')}
              height={200}
              // Whole students: a scale of at least five keeps the axis on whole numbers.
              maxValue={Math.max(5, ...grades.map((g) => g.value))}
              digits={digits}
            />
            <ul className={styles.gradeLegend} aria-label={t('stats.mentions')}>
              {gradeLetters.map((grade) => (
                <li key={grade}>
                  <strong>{grade}</strong> {mentionOf(grade, lang, bands)}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </section>
  );
}

const genderOrder = ['female', 'male', 'other'];
