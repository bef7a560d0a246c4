import type { TelegramLink } from '@sala/contract';
import { Button, Link, Stack, Text, useDigits, useToast } from '@sala/ui';
import { Copy, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.js';
import { KeptNames } from './KeptNames.js';
import * as styles from './telegram.css.js';

/** A text to copy (a command, an address), with its Copy button. */
export function CopyField({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('telegram');
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copied'));
    } catch {
      // Some browsers refuse the clipboard (an insecure page, a denied permission): the text
      // is selectable on its own.
      toast.error(t('copyFailed'));
    }
  };
  return (
    <div className={styles.copyRow}>
      <code className={styles.copyText} translate="no" aria-label={label}>
        {text}
      </code>
      <Button
        variant="secondary"
        size="small"
        onPress={() => void copy()}
        aria-label={`${t('copy')}: ${label}`}
      >
        <Copy size={16} aria-hidden="true" />
        {t('copy')}
      </Button>
    </div>
  );
}

/**
 * A fresh one-time link code and what to do with it: a group gets `/link CODE` sent in it after
 * the bot is added; a person opens the deep link on the phone that has Telegram.
 */
export function LinkCodePanel({
  link,
  botUsername,
  kind,
}: {
  link: TelegramLink;
  botUsername: string | null;
  kind: 'group' | 'own' | 'guardian';
}) {
  const { t, i18n } = useTranslation('telegram');
  const digits = useDigits();
  const expires = formatDateTime(new Date(link.expiresAt), i18n.language, true, digits);
  const bot = botUsername ? `@${botUsername}` : t('theBot');
  return (
    <Stack gap="small" role="region" aria-label={t('linkPanel')}>
      {kind === 'group' || !link.deepLink ? (
        <>
          <ol className={styles.steps}>
            <li>
              <KeptNames text="groupStepAdd" values={{ bot }} />
            </li>
            <li>{t('groupStepSend')}</li>
          </ol>
          <CopyField text={link.command} label={t('command')} />
        </>
      ) : (
        <>
          <Text>
            <KeptNames text={kind === 'guardian' ? 'guardianLinkHelp' : 'ownLinkHelp'} />
          </Text>
          <div>
            <Link variant="button" href={link.deepLink} target="_blank" rel="noreferrer">
              <ExternalLink size={16} aria-hidden="true" />
              {t('openInTelegram')}
            </Link>
          </div>
          <CopyField text={link.deepLink} label={t('linkAddress')} />
        </>
      )}
      <Text tone="muted" size="small">
        {t('expires', { time: expires })}
      </Text>
    </Stack>
  );
}
