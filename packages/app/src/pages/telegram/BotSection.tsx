import { errorMessage, telegramTokenSchema, type TelegramSetup } from '@sala/contract';
import {
  Button,
  Card,
  Heading,
  Inline,
  Link,
  PasswordField,
  Stack,
  Text,
  useConfirm,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { KeptNames } from './KeptNames.js';
import * as styles from './telegram.css.js';
import { telegramFailureText, useRemoveBot, useSaveToken } from './telegramData.js';

/** Where to create a bot: Telegram's own bot for bots. */
const BOTFATHER_URL = 'https://t.me/BotFather';

/**
 * The school's bot: how to create one with BotFather and paste its token; once set, its name,
 * its link, how updates reach the server, the bot's last problem, and replace or remove.
 */
export function BotSection({ setup }: { setup: TelegramSetup }) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const toast = useToast();
  const confirm = useConfirm();
  const remove = useRemoveBot();
  const [replacing, setReplacing] = useState(false);
  const bot = setup.configured ? setup.bot : null;

  const onRemove = async () => {
    const confirmed = await confirm({
      type: 'warning',
      title: t('removeTitle'),
      description: t('removeDescription'),
      confirmText: t('removeBot'),
    });
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => toast.success(t('removed')),
      onError: (error) => toast.error(telegramFailureText(error, lang, t)),
    });
  };

  return (
    <Card as="section" aria-labelledby="telegram-bot-heading">
      <Stack gap="medium">
        <Heading level={2} id="telegram-bot-heading">
          {t('botHeading')}
        </Heading>
        {setup.problem ? (
          <div role="alert" className={styles.problem}>
            <Stack gap="xsmall">
              <Text weight="bold" tone="inherit">
                {t('problemTitle')}
              </Text>
              <Text tone="inherit">
                <span translate="no">{setup.problem}</span>
              </Text>
              <Text tone="inherit">
                <KeptNames text="problemHelp" />
              </Text>
            </Stack>
          </div>
        ) : null}
        {bot ? (
          <Stack gap="small">
            <Text size="large" weight="medium">
              <span translate="no">{bot.firstName}</span>
            </Text>
            <Text>
              <Link href={`https://t.me/${bot.username}`} target="_blank" rel="noreferrer">
                <span translate="no">{`t.me/${bot.username}`}</span>
              </Link>
              {' · '}
              <span translate="no">@{bot.username}</span>
            </Text>
            <Text tone="muted">
              <KeptNames text={`updates.${setup.updates}`} />
            </Text>
            {replacing ? (
              <TokenForm onDone={() => setReplacing(false)} onCancel={() => setReplacing(false)} />
            ) : (
              <Inline gap="small">
                <Button variant="secondary" onPress={() => setReplacing(true)}>
                  {t('replaceToken')}
                </Button>
                <Button
                  variant="danger"
                  isPending={remove.isPending}
                  onPress={() => void onRemove()}
                >
                  {t('removeBot')}
                </Button>
              </Inline>
            )}
          </Stack>
        ) : (
          <Stack gap="medium">
            <Text>
              <KeptNames text="notConfigured" />
            </Text>
            <ol className={styles.steps}>
              <li>
                {t('stepOpen')}{' '}
                <Link href={BOTFATHER_URL} target="_blank" rel="noreferrer">
                  <span translate="no">@BotFather</span>
                </Link>
              </li>
              <li>
                <KeptNames text="stepNewBot" />
              </li>
              <li>
                <KeptNames text="stepNames" />
              </li>
              <li>
                <KeptNames text="stepCopy" />
              </li>
            </ol>
            <TokenForm />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The token field: checked here for its shape, then by the server with Telegram itself. */
function TokenForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation('telegram');
  const lang = i18n.language;
  const toast = useToast();
  const save = useSaveToken();
  const [token, setToken] = useState('');
  const [formatError, setFormatError] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = telegramTokenSchema.safeParse(token);
    if (!parsed.success) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    save.mutate(parsed.data, {
      onSuccess: (bot) => {
        setToken('');
        toast.success(
          bot ? (
            <KeptNames text="savedBot" values={{ name: bot.firstName, username: bot.username }} />
          ) : (
            t('saved')
          ),
        );
        onDone?.();
      },
    });
  };

  // The token's own refusals belong under the field; the rest (Telegram unreachable) above Save.
  const serverFieldError = save.error ? fieldErrorText(save.error, 'token', lang) : undefined;
  const rejected = save.error instanceof ApiError && save.error.code === 'TELEGRAM_TOKEN_REJECTED';
  const fieldError = formatError
    ? errorMessage('TELEGRAM_TOKEN_FORMAT', lang)
    : (serverFieldError ?? (rejected ? telegramFailureText(save.error, lang, t) : undefined));
  const formError = save.error && !serverFieldError && !rejected ? save.error : null;

  return (
    <form onSubmit={onSubmit} aria-label={t('tokenForm')} noValidate>
      <Stack gap="medium">
        <PasswordField
          label={t('token')}
          description={<KeptNames text="tokenHelp" />}
          value={token}
          onChange={(value) => {
            setToken(value);
            setFormatError(false);
          }}
          errorMessage={fieldError}
          autoComplete="new-password"
          spellCheck="false"
        />
        {formError ? (
          <div role="alert" className={records.formError}>
            {telegramFailureText(formError, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {t('checkAndSave')}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </Inline>
      </Stack>
    </form>
  );
}
