import type { TelegramChat, TelegramLink } from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Heading,
  Inline,
  Select,
  Stack,
  Text,
  pickText,
  useConfirm,
  useToast,
} from '@sala/ui';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as records from '../../records/records.css.js';
import { LinkCodePanel } from './LinkCodePanel.js';
import * as styles from './telegram.css.js';
import {
  chatStatusTone,
  telegramFailureText,
  useChatLanguage,
  useCreateLink,
  useUnlinkChat,
} from './telegramData.js';

/** Whose chat it is, in words: "Class group · Grade 7A", "Guardian · Sok Dara". */
export function chatOwner(chat: TelegramChat, t: TFunction, lang: string): string {
  const named = chat.class ?? chat.student ?? chat.user;
  const name = named ? pickText({ km: named.nameKm, en: named.nameEn }, lang) : '';
  return [t(`kind.${chat.kind}`), name].filter(Boolean).join(' · ');
}

/** A chat as one line for a choice list: its title and whose it is. */
export function chatLabel(chat: TelegramChat, t: TFunction, lang: string): string {
  return `${chat.title} (${chatOwner(chat, t, lang)})`;
}

/** One linked chat: its title, whose it is, its language (changeable), its state, unlink. */
export function ChatRow({ chat }: { chat: TelegramChat }) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const toast = useToast();
  const confirm = useConfirm();
  const language = useChatLanguage();
  const unlink = useUnlinkChat();

  const onUnlink = async () => {
    const confirmed = await confirm({
      type: 'warning',
      title: t('unlinkTitle', { title: chat.title }),
      description: t('unlinkDescription'),
      confirmText: t('unlink'),
    });
    if (!confirmed) return;
    unlink.mutate(chat.id, {
      onSuccess: () => toast.success(t('unlinked', { title: chat.title })),
      onError: (error) => toast.error(telegramFailureText(error, lang, t)),
    });
  };

  return (
    <li className={styles.row}>
      <div className={styles.rowText}>
        <Stack gap="xsmall">
          <Inline gap="small" alignY="center">
            <Text weight="medium">
              <span translate="no">{chat.title}</span>
            </Text>
            <Badge tone={chatStatusTone[chat.status]}>{t(`chatStatus.${chat.status}`)}</Badge>
          </Inline>
          <Text tone="muted" size="small">
            {chatOwner(chat, t, lang)}
          </Text>
        </Stack>
      </div>
      <div className={styles.rowActions}>
        <Select
          className={styles.languageSelect}
          label={t('language')}
          value={chat.language}
          isDisabled={language.isPending}
          onChange={(value) => {
            if (!value || value === chat.language) return;
            language.mutate(
              { id: chat.id, language: value },
              {
                onSuccess: () => toast.success(t('languageSaved', { title: chat.title })),
                onError: (error) => toast.error(telegramFailureText(error, lang, t)),
              },
            );
          }}
          options={(['km', 'en'] as const).map((id) => ({ id, label: t(`languageName.${id}`) }))}
        />
        <Button
          variant="secondary"
          isPending={unlink.isPending}
          onPress={() => void onUnlink()}
          aria-label={`${t('unlink')}: ${chat.title}`}
        >
          {t('unlink')}
        </Button>
      </div>
    </li>
  );
}

/** The school's linked chats, and the buttons that link the office's group or one's own chat. */
export function ChatsSection({
  chats,
  botUsername,
}: {
  chats: readonly TelegramChat[];
  botUsername: string | null;
}) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const create = useCreateLink();
  const [link, setLink] = useState<{ link: TelegramLink; kind: 'group' | 'own' } | null>(null);

  const makeLink = (purpose: 'office' | 'staff') =>
    create.mutate(
      { purpose },
      {
        onSuccess: (made) => setLink({ link: made, kind: purpose === 'office' ? 'group' : 'own' }),
      },
    );

  return (
    <Card as="section" aria-labelledby="telegram-chats-heading">
      <Stack gap="medium">
        <Heading level={2} id="telegram-chats-heading">
          {t('chatsHeading')}
        </Heading>
        {chats.length === 0 ? (
          <Text tone="muted">{t('noChats')}</Text>
        ) : (
          <ul className={styles.list} aria-label={t('chatsHeading')}>
            {chats.map((chat) => (
              <ChatRow key={chat.id} chat={chat} />
            ))}
          </ul>
        )}
        <Inline gap="small">
          <Button
            variant="secondary"
            isPending={create.isPending && create.variables?.purpose === 'office'}
            onPress={() => makeLink('office')}
          >
            {t('linkOffice')}
          </Button>
          <Button
            variant="secondary"
            isPending={create.isPending && create.variables?.purpose === 'staff'}
            onPress={() => makeLink('staff')}
          >
            {t('linkOwn')}
          </Button>
        </Inline>
        {create.error ? (
          <div role="alert" className={records.formError}>
            {telegramFailureText(create.error, lang, t)}
          </div>
        ) : null}
        {link ? (
          <LinkCodePanel link={link.link} botUsername={botUsername} kind={link.kind} />
        ) : null}
      </Stack>
    </Card>
  );
}
