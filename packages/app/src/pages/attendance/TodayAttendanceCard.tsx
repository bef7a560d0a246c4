import { Heading, Link, Stack, StatCard, formatNumber, useDigits } from '@sala/ui';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import { formatRate, useDayAttendance } from './registerData.js';
import * as styles from './register.css.js';

/** The home page's figure for the office: today's attendance rate and the classes not taken yet. */
export function TodayAttendanceCard() {
  const { t, i18n } = useTranslation('attendanceViews');
  const digits = useDigits();
  const { notTaken, daily } = useDayAttendance('');
  const missing = notTaken.data?.items.length;
  const error = daily.error ?? notTaken.error;
  return (
    <Stack as="section" gap="medium" aria-labelledby="home-attendance">
      <Heading level={2} size={3} id="home-attendance">
        {t('home.section')}
      </Heading>
      <div className={styles.stats}>
        <StatCard
          label={t('home.title')}
          value={daily.data ? formatRate(daily.data.rate, digits) : '–'}
          icon={<CalendarCheck size={18} />}
          description={
            error ? (
              <span role="alert">{failureText(error, i18n.language, t)}</span>
            ) : (
              <Link href="/attendance">
                {missing === undefined
                  ? t('home.link')
                  : missing === 0
                    ? t('home.allTaken')
                    : t('home.notTaken', {
                        count: missing,
                        formatted: formatNumber(missing, { digits }),
                      })}
              </Link>
            )
          }
        />
      </div>
    </Stack>
  );
}
