import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Heading,
  Inline,
  Skeleton,
  Stack,
  Text,
  useConfirm,
  formatNumber,
  useToast,
  useDigits,
} from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { errorText } from '../../i18n/errors.js';

/** A person-readable name for a browser's user-agent string. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 40);
}

/** The devices signed in to this account, each of which can be signed out. */
export function DevicesSection() {
  const { t, i18n } = useTranslation('profile');
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const digits = useDigits();
  const sessions = useQuery({
    queryKey: ['own-sessions'],
    queryFn: () => http.call('getOwnSessions'),
  });
  const signOutOthers = useMutation({
    mutationFn: () => http.call('deleteOwnSessions'),
    onSuccess: ({ signedOut }) => {
      toast.success(
        t('othersSignedOut', { count: signedOut, n: formatNumber(signedOut, { digits }) }),
      );
      void queryClient.invalidateQueries({ queryKey: ['own-sessions'] });
    },
    onError: (error) =>
      toast.error(errorText(error instanceof ApiError ? error.code : 'UNKNOWN', i18n.language, t)),
  });
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  const signOut = useMutation({
    mutationFn: (id: string) => http.call('deleteOwnSession', { params: { sessionId: id } }),
    onSuccess: () => {
      toast.success(t('deviceSignedOut'));
      void queryClient.invalidateQueries({ queryKey: ['own-sessions'] });
    },
    onError: (error) =>
      toast.error(errorText(error instanceof ApiError ? error.code : 'UNKNOWN', i18n.language, t)),
  });

  return (
    <Card>
      <Stack gap="medium">
        <Heading level={2}>{t('devices')}</Heading>
        <Text tone="muted">{t('devicesHelp')}</Text>
        {sessions.isPending && <Skeleton shape="text" />}
        {sessions.error && (
          <Text tone="danger" role="alert">
            {errorText(
              sessions.error instanceof ApiError ? sessions.error.code : 'UNKNOWN',
              i18n.language,
              t,
            )}
          </Text>
        )}
        {sessions.data && (
          <Stack as="ul" gap="small">
            {sessions.data.sessions.map((session) => (
              <li key={session.id}>
                <Inline gap="medium" alignY="center" align="space-between">
                  <Stack gap="none">
                    <Inline gap="small" alignY="center">
                      <Text weight="medium">
                        <span translate="no">{deviceName(session.userAgent)}</span>
                      </Text>
                      {session.current && <Badge tone="success">{t('thisDevice')}</Badge>}
                    </Inline>
                    <Text size="small" tone="muted">
                      {t('lastUsed', {
                        when: formatDateTime(
                          new Date(session.lastUsedAt),
                          i18n.language,
                          true,
                          digits,
                        ),
                      })}
                    </Text>
                  </Stack>
                  {!session.current && (
                    <Button
                      variant="secondary"
                      size="small"
                      isPending={signOut.isPending && signOut.variables === session.id}
                      onPress={async () => {
                        const ok = await confirm({
                          title: t('signOutDeviceTitle'),
                          description: t('signOutDeviceText', {
                            device: deviceName(session.userAgent),
                          }),
                          confirmText: t('signOutDevice'),
                          type: 'warning',
                        });
                        if (ok) signOut.mutate(session.id);
                      }}
                    >
                      {t('signOutDevice')}
                    </Button>
                  )}
                </Inline>
              </li>
            ))}
          </Stack>
        )}
        {sessions.data &&
          (others > 0 ? (
            <div>
              <Button
                variant="danger"
                isPending={signOutOthers.isPending}
                onPress={async () => {
                  const ok = await confirm({
                    title: t('signOutOthersTitle'),
                    description: t('signOutOthersText'),
                    confirmText: t('signOutOthers'),
                    type: 'warning',
                  });
                  if (ok) signOutOthers.mutate();
                }}
              >
                {t('signOutOthers')}
              </Button>
            </div>
          ) : (
            <Text tone="muted" size="small">
              {t('noOtherDevices')}
            </Text>
          ))}
      </Stack>
    </Card>
  );
}
