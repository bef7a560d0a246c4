import { Card, Heading, Link, Stack, Text, formatNumber, useDigits } from '@sala/ui';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useSchool } from '../setup/useSchool.js';
import { LoadFailure, Loading } from '../../records/LoadStates.js';
import { StudentTrendChart } from './StudentTrendChart.js';
import { useStudentTrend } from './resultsData.js';
import { formatAverage, latestResult, trendPointLabel } from './resultsFormat.js';
import * as styles from './results.css.js';

/**
 * A student's results on their page: their latest average and rank, their year as a trend,
 * and the way to their class's result sheet and report card.
 */
export function StudentResultsCard({ studentId, name }: { studentId: string; name: string }) {
  const { t, i18n } = useTranslation('results');
  const lang = i18n.language;
  const digits = useDigits();
  const trend = useStudentTrend(studentId);
  const school = useSchool();
  const decimals = school.data?.settings.resultDecimals ?? 2;
  const n = (value: number) => formatNumber(value, { digits, useGrouping: false });

  // A student outside the caller's classes: their results are not the caller's to see.
  if (trend.error instanceof ApiError && trend.error.status === 403) return null;

  const data = trend.data;
  const latest = data ? latestResult(data) : null;
  const classId = latest?.classId ?? data?.points.at(-1)?.classId;
  return (
    <Card padding="small">
      <Stack gap="small">
        <Heading level={2}>{t('card.title')}</Heading>
        {trend.isError ? (
          <LoadFailure error={trend.error} onRetry={() => void trend.refetch()} />
        ) : !data ? (
          <Loading label={t('trend.loading')} />
        ) : (
          <>
            {latest ? (
              <dl className={styles.summaries}>
                <div className={styles.summary}>
                  <dt className={styles.summaryLabel}>
                    {t('card.latest', { when: trendPointLabel(latest, lang, t, digits) })}
                  </dt>
                  <dd className={styles.summaryValue}>
                    {formatAverage(latest.average, decimals, digits)}
                    <Text as="span" size="small" tone="muted" weight="regular">
                      {' '}
                      / {n(data.maxScore)}
                    </Text>
                  </dd>
                </div>
                <div className={styles.summary}>
                  <dt className={styles.summaryLabel}>{t('table.rank')}</dt>
                  <dd className={styles.summaryValue}>
                    {latest.rank === null ? '–' : n(latest.rank)}
                  </dd>
                </div>
              </dl>
            ) : null}
            <StudentTrendChart
              trend={data}
              title={t('trend.chartTitle', { name })}
              decimals={decimals}
            />
            {classId ? (
              <Link
                variant="standalone"
                href={`/dev/StudentReport?${new URLSearchParams({ class: classId, student: studentId }).toString()}`}
              >
                {t('card.open')}
                <ArrowRight size={16} aria-hidden="true" className={styles.linkIcon} />
              </Link>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
