import type { StudentTrend } from '@sala/contract';
import { Chart, Stack, Text, formatNumber, useDigits } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import {
  formatAverage,
  roundForDisplay,
  trendLine,
  trendPointLabel,
  trendSummaries,
} from './resultsFormat.js';
import * as styles from './results.css.js';

/**
 * A student's year as a line: each month's and each exam's average on the scale of their grade
 * level, then each term's average and the year's, with their rank, as figures under it.
 */
export function StudentTrendChart({
  trend,
  title,
  decimals = 2,
}: {
  trend: StudentTrend;
  title: string;
  /** The school's decimals for averages. */
  decimals?: number;
}) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
  const seen = new Map<string, number>();
  const data = trendLine(trend).map((point) => {
    // A month met twice (a move between classes) keeps two points, told apart.
    const base = trendPointLabel(point, lang, t, digits);
    const times = (seen.get(base) ?? 0) + 1;
    seen.set(base, times);
    return {
      label: times === 1 ? base : `${base} (${n(times)})`,
      value: roundForDisplay(point.average ?? 0, decimals),
    };
  });
  const summaries = trendSummaries(trend);

  if (data.length === 0 && summaries.every((s) => s.average === null)) {
    return (
      <Text tone="muted" size="small">
        {t('trend.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="small">
      {data.length > 0 ? (
        <Chart
          type="line"
          title={title}
          data={data}
          maxValue={trend.maxScore}
          categoryLabel={t('trend.when')}
          valueLabel={t('trend.average', { max: n(trend.maxScore) })}
          height={200}
          digits={digits}
        />
      ) : null}
      {summaries.length > 0 ? (
        <dl className={styles.summaries}>
          {summaries.map((point) => (
            <div key={`${point.kind}${point.term ?? ''}`} className={styles.summary}>
              <dt className={styles.summaryLabel}>
                {point.kind === 'year'
                  ? t('trend.yearAverage')
                  : t('trend.termAverage', { term: n(point.term ?? 0) })}
              </dt>
              <dd className={styles.summaryValue}>
                {formatAverage(point.average, decimals, digits)}
                {point.rank !== null ? (
                  <Text as="span" size="small" tone="muted" weight="regular">
                    {' '}
                    · {t('trend.rank', { rank: n(point.rank) })}
                  </Text>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Stack>
  );
}
