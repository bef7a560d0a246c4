import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Button,
  EmptyState,
  Skeleton,
  Stack,
  Text,
  useConfirm,
  useDigits,
  useToast,
} from '@sala/ui';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { failureText } from '../../records/errors.js';
import { deviceName } from '../profile/DevicesSection.js';
import * as styles from './users.css.js';

/** The devices an account is signed in on; each can be signed out on its own. */
export function SessionsList({ userId, mayManage }: { userId: string; mayManage: boolean }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const digits = useDigits();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: ['sessions', userId],
    queryFn: () => http.call('getUserSessions', { params: { id: userId } }).then((r) => r.sessions),
    enabled: mayManage,
  });
  const signOut = useMutation({
    mutationFn: (id: string) =>
      http.call('deleteUserSession', { params: { id: userId, sessionId: id } }),
    onSuccess: () => toast.success(t('deviceSignedOut')),
    onError: (error) => toast.error(failureText(error, lang, t)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sessions', userId] });
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });

  if (!mayManage) return <Text tone="muted">{t('devicesNotAllowed')}</Text>;
  if (sessions.isPending) return <Skeleton shape="text" />;
  if (sessions.error) {
    return (
      <Stack gap="small" align="start">
        <Text tone="danger" role="alert">
          {failureText(sessions.error, lang, t)}
        </Text>
        <Button variant="secondary" size="small" onPress={() => void sessions.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  if (sessions.data.length === 0) {
    return (
      <EmptyState
        icon={<MonitorSmartphone size={32} aria-hidden="true" />}
        title={t('noDevices')}
        description={t('noDevicesHelp')}
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={styles.plainList} aria-label={t('devices')}>
      {sessions.data.map((session) => {
        const device = deviceName(session.userAgent);
        return (
          <li key={session.id} className={styles.auditEntry}>
            <div className={styles.wrapRow}>
              <Stack gap="none">
                <Text weight="medium">
                  <span translate="no">{device}</span>{' '}
                  {session.current ? <Badge tone="success">{t('thisDevice')}</Badge> : null}
                </Text>
                <Text size="small" tone="muted">
                  {t('lastUsed', {
                    when: formatDateTime(new Date(session.lastUsedAt), lang, true, digits),
                  })}
                </Text>
                <Text size="small" tone="muted">
                  {t('signedInAt', {
                    when: formatDateTime(new Date(session.createdAt), lang, true, digits),
                  })}
                  {session.ip ? (
                    <>
                      {' · '}
                      <span translate="no">{session.ip}</span>
                    </>
                  ) : null}
                </Text>
              </Stack>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  size="small"
                  isPending={signOut.isPending && signOut.variables === session.id}
                  aria-label={t('signOutDeviceNamed', { device })}
                  onPress={async () => {
                    const ok = await confirm({
                      type: 'warning',
                      title: t('signOutDeviceTitle'),
                      description: t('signOutDeviceText', { device }),
                      confirmText: t('signOutDevice'),
                    });
                    if (ok) signOut.mutate(session.id);
                  }}
                >
                  {t('signOutDevice')}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
