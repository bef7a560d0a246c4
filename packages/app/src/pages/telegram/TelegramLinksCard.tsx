import type { TelegramChatsQuery, TelegramLink, TelegramLinkRequest } from '@sala/contract';
import { Button, Card, Heading, Link, Stack, Text, type CardProps } from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { LoadFailure } from '../../records/LoadStates.js';
import * as records from '../../records/records.css.js';
import { ChatRow } from './ChatsSection.js';
import { LinkCodePanel } from './LinkCodePanel.js';
import * as styles from './telegram.css.js';
import { isForbidden, telegramFailureText, useCreateLink, useLinkedChats } from './telegramData.js';

type Target =
  | { purpose: 'class'; classId: string }
  | { purpose: 'guardian'; studentId: string }
  | { purpose: 'staff' };

/** The card's inner space, as its neighbours on the page have it. */
type Padding = { padding?: CardProps['padding'] };

const queryOf = (target: Target): TelegramChatsQuery =>
  target.purpose === 'class'
    ? { classId: target.classId }
    : target.purpose === 'guardian'
      ? { studentId: target.studentId }
      : { mine: 'true' };

const requestOf = (target: Target): TelegramLinkRequest =>
  target.purpose === 'class'
    ? { purpose: 'class', classId: target.classId }
    : target.purpose === 'guardian'
      ? { purpose: 'guardian', studentId: target.studentId }
      : { purpose: 'staff' };

/**
 * The Telegram chats linked to a class (its group), a student (their guardians) or oneself, and
 * the button that makes a one-time link code. The server decides who may: a refusal hides it.
 */
export function TelegramLinksCard({ padding = 'small', ...target }: Target & Padding) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const { client } = useAuth();
  const chats = useLinkedChats(queryOf(target));
  const create = useCreateLink();
  const [link, setLink] = useState<TelegramLink | null>(null);
  const key =
    target.purpose === 'class' ? 'class' : target.purpose === 'guardian' ? 'guardian' : 'own';
  const headingId = `telegram-links-${key}`;

  // Nothing while loading: a section that may turn out to be forbidden should not flash.
  if (chats.isPending || isForbidden(chats.error)) return null;

  let body;
  if (chats.error) {
    body = <LoadFailure error={chats.error} onRetry={() => void chats.refetch()} />;
  } else if (!chats.data.configured) {
    body = (
      <Stack gap="small">
        <Text tone="muted">{t('notSetUp')}</Text>
        {client.hasPermission(['telegram.manage:school']) ? (
          <div>
            <Link href="/telegramSetup" variant="standalone">
              {t('goToSetup')}
            </Link>
          </div>
        ) : null}
      </Stack>
    );
  } else {
    const items = chats.data.items;
    body = (
      <Stack gap="small">
        {items.length === 0 ? (
          <Text tone="muted">{t(`${key}.none`)}</Text>
        ) : (
          <ul className={styles.list} aria-label={t(`${key}.heading`)}>
            {items.map((chat) => (
              <ChatRow key={chat.id} chat={chat} />
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="secondary"
            isPending={create.isPending}
            onPress={() => create.mutate(requestOf(target), { onSuccess: setLink })}
          >
            {t(`${key}.create`)}
          </Button>
        </div>
        {create.error ? (
          <div role="alert" className={records.formError}>
            {telegramFailureText(create.error, lang, t)}
          </div>
        ) : null}
        {link ? (
          <LinkCodePanel
            link={link}
            botUsername={chats.data.botUsername}
            kind={key === 'class' ? 'group' : key}
          />
        ) : null}
      </Stack>
    );
  }

  return (
    <Card as="section" padding={padding} aria-labelledby={headingId}>
      <Stack gap="small">
        <Heading level={2} id={headingId}>
          {t(`${key}.heading`)}
        </Heading>
        {body}
      </Stack>
    </Card>
  );
}
