import type { TelegramChat, TelegramSetup } from '@sala/contract';
import {
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
  useDigits,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.js';
import { chatLabel } from './ChatsSection.js';
import { KeptNames } from './KeptNames.js';
import * as styles from './telegram.css.js';
import { sendStatusTone, telegramFailureText, useRetrySend, useSendTest } from './telegramData.js';

/** Sends a test message to one of the active linked chats. */
export function TestSendSection({ chats }: { chats: readonly TelegramChat[] }) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const toast = useToast();
  const send = useSendTest();
  const active = chats.filter((c) => c.status === 'active');
  const [chatId, setChatId] = useState<string | null>(null);
  const chosen = active.some((c) => c.id === chatId) ? chatId : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    send.mutate(chosen, {
      onSuccess: () => toast.success(t('testQueued')),
      onError: (error) => toast.error(telegramFailureText(error, lang, t)),
    });
  };

  return (
    <Card as="section" aria-labelledby="telegram-test-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="medium">
          <Heading level={2} id="telegram-test-heading">
            {t('testHeading')}
          </Heading>
          {active.length === 0 ? (
            <Text tone="muted">{t('testNoChats')}</Text>
          ) : (
            <div className={styles.fieldRow}>
              {/* Chats are named by their owners: their titles are left untranslated. */}
              <div className={styles.fieldGrow} translate="no">
                <Select
                  label={t('testChat')}
                  value={chosen}
                  onChange={setChatId}
                  options={active.map((c) => ({ id: c.id, label: chatLabel(c, t, lang) }))}
                />
              </div>
              <Button type="submit" isPending={send.isPending} isDisabled={!chosen}>
                {t('sendTest')}
              </Button>
            </div>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The outbox: its figures, then the latest sends, each with its state; failed ones go again. */
export function SendsSection({
  sends,
  counts,
}: {
  sends: TelegramSetup['sends'];
  counts: TelegramSetup['counts'];
}) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const digits = useDigits();
  const toast = useToast();
  const retry = useRetrySend();
  const when = (iso: string) => formatDateTime(new Date(iso), lang, true, digits);

  return (
    <Card as="section" aria-labelledby="telegram-sends-heading">
      <Stack gap="medium">
        <Heading level={2} id="telegram-sends-heading">
          {t('sendsHeading')}
        </Heading>
        <div className={styles.counts}>
          <StatCard label={t('countPending')} value={counts.pending} digits={digits} />
          <StatCard label={t('countFailed')} value={counts.failed} digits={digits} />
          <StatCard label={t('countSentToday')} value={counts.sentToday} digits={digits} />
        </div>
        {sends.length === 0 ? (
          <Text tone="muted">{t('noSends')}</Text>
        ) : (
          <ul className={styles.list} aria-label={t('sendsHeading')}>
            {sends.map((send) => (
              <li key={send.id} className={styles.row}>
                <div className={styles.rowText}>
                  <Stack gap="xsmall">
                    <Inline gap="small" alignY="center">
                      <Badge tone={sendStatusTone[send.status]}>
                        {t(`sendStatus.${send.status}`)}
                      </Badge>
                      <Text weight="medium">{t(`messageKind.${send.kind}`)}</Text>
                      <Text tone="muted" size="small">
                        <span translate="no">{send.chatTitle}</span>
                      </Text>
                    </Inline>
                    <Text>
                      <span translate="no">{send.preview}</span>
                    </Text>
                    <Text tone="muted" size="small">
                      {[
                        send.sentAt
                          ? t('sentAt', { time: when(send.sentAt) })
                          : t('queuedAt', { time: when(send.createdAt) }),
                        t('attempts', {
                          count: send.attempts,
                          n: formatNumber(send.attempts, { digits }),
                        }),
                        send.status === 'pending' && send.nextAttemptAt
                          ? t('nextAttempt', { time: when(send.nextAttemptAt) })
                          : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {send.lastError ? (
                      <Text tone="danger" size="small">
                        <KeptNames text="lastError" values={{ error: send.lastError }} />
                      </Text>
                    ) : null}
                  </Stack>
                </div>
                {send.status === 'failed' ? (
                  <Button
                    variant="secondary"
                    size="small"
                    isPending={retry.isPending && retry.variables === send.id}
                    aria-label={`${t('sendAgain')}: ${send.chatTitle}`}
                    onPress={() =>
                      retry.mutate(send.id, {
                        onSuccess: () => toast.success(t('requeued')),
                        onError: (error) => toast.error(telegramFailureText(error, lang, t)),
                      })
                    }
                  >
                    {t('sendAgain')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Card>
  );
}
