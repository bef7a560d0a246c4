import { Trans, useTranslation } from 'react-i18next';

/**
 * A `telegram` string whose names stay as Telegram shows them (BotFather, /newbot, Start, a
 * bot's @username, Telegram's own error text): each `<name>…</name>` part is marked not to be
 * translated.
 */
export function KeptNames({ text, values }: { text: string; values?: Record<string, string> }) {
  const { t } = useTranslation('telegram');
  return (
    <Trans t={t} i18nKey={text} values={values} components={{ name: <span translate="no" /> }} />
  );
}
