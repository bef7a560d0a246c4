import { Card, Heading, Stack, Text } from '@sala/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { jwtClaims } from '../../auth/jwt.js';
import { tokenStore } from '../../auth/tokens.js';
import { formatDateTime } from '../../i18n/dates.js';

function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** A support tool: the access token's claims, and live countdowns to its expiry and renewals. */
export default function JwtViewPage() {
  const { t, i18n } = useTranslation(['jwt', 'pages']);
  const { client, lastRefreshAt } = useAuth();
  const now = useNow();
  const token = tokenStore.accessToken();
  const claims = token ? jwtClaims(token) : undefined;
  const schedule = client.timerSchedule();
  const seconds = (at: number | undefined) =>
    at === undefined ? undefined : Math.max(0, Math.round((at - now) / 1000));
  const duration = (total: number | undefined) => {
    if (total === undefined) return t('jwt:none');
    const minutes = Math.floor(total / 60);
    return t('jwt:duration', { minutes, seconds: String(total % 60).padStart(2, '0') });
  };
  const dateTime = { format: (ms: number) => formatDateTime(new Date(ms), i18n.language) };
  const rows: [string, string][] = [
    [t('jwt:expiresIn'), duration(seconds(schedule?.autoLogoutAt))],
    [t('jwt:refreshIn'), duration(seconds(schedule?.refreshTimerAt))],
    [t('jwt:silentRefreshIn'), duration(seconds(schedule?.silentRefreshAt))],
    [t('jwt:lastRefresh'), lastRefreshAt ? dateTime.format(lastRefreshAt) : t('jwt:none')],
  ];

  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t('pages:JwtView.title')}</Heading>
        <Text tone="muted">{t('pages:JwtView.description')}</Text>
      </Stack>
      <Card>
        <dl>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text as="span" weight="medium">
                <dt>{label}</dt>
              </Text>
              <dd>
                <Text as="span" aria-live={label === t('jwt:expiresIn') ? 'off' : undefined}>
                  {value}
                </Text>
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <Stack gap="small">
          <Heading level={2}>{t('jwt:claims')}</Heading>
          {claims ? (
            <pre
              translate="no"
              style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {JSON.stringify(
                {
                  ...claims,
                  ...(typeof claims.exp === 'number'
                    ? { exp: `${claims.exp} (${dateTime.format(claims.exp * 1000)})` }
                    : {}),
                  ...(typeof claims.iat === 'number'
                    ? { iat: `${claims.iat} (${dateTime.format(claims.iat * 1000)})` }
                    : {}),
                },
                null,
                2,
              )}
            </pre>
          ) : (
            <Text>{t('jwt:noToken')}</Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
