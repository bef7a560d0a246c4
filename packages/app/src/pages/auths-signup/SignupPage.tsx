import { isMessageKey, messageText, PASSWORD_MIN_LENGTH } from '@sala/contract';
import {
  PasswordField,
  BilingualTextField,
  Button,
  Card,
  Heading,
  Link,
  Stack,
  Text,
  TextField,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthFailure } from '../../auth/AuthClient.js';
import { useAuthClient } from '../../auth/AuthProvider.js';
import { errorText } from '../../i18n/errors.js';
import * as layout from '../../layouts/PageLayout.css.js';

const USERNAME = /^[\p{L}\p{N}._-]{3,64}$/u;

/**
 * Ask for an account: it is created waiting for an administrator's approval and holds no
 * permission until then. Schools that do not allow it answer so, in the interface language.
 */
export default function SignupPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const auth = useAuthClient();
  const [username, setUsername] = useState('');
  const [names, setNames] = useState({ km: '', en: '' });
  const [password, setPassword] = useState('');
  const [schoolCode, setSchoolCode] = useState(() => localStorage.getItem('schoolCode') ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);

  // The server's reason for a field (the username is taken, the school code is unknown).
  const serverFieldError = (field: string) => {
    const key = failure?.fieldErrors?.[field]?.[0];
    return key && isMessageKey(key) ? messageText(key, i18n.language) : undefined;
  };
  const usernameError =
    submitted && !USERNAME.test(username.trim())
      ? t('auth:signup.usernameRule')
      : serverFieldError('username');
  const passwordError =
    submitted && password.length < PASSWORD_MIN_LENGTH
      ? t('auth:signup.passwordRule', { count: PASSWORD_MIN_LENGTH })
      : undefined;
  const namesError =
    submitted && !names.km.trim() && !names.en.trim() ? t('auth:signup.nameRule') : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!USERNAME.test(username.trim()) || password.length < PASSWORD_MIN_LENGTH) return;
    if (!names.km.trim() && !names.en.trim()) return;
    setPending(true);
    setFailure(null);
    void auth
      .signup({
        username: username.trim(),
        password,
        nameKm: names.km.trim(),
        nameEn: names.en.trim(),
        ...(schoolCode.trim() ? { schoolCode: schoolCode.trim() } : {}),
      })
      .then((outcome) => {
        setPending(false);
        if (!outcome.ok) setFailure(outcome);
      });
  };

  const message = failure ? errorText(failure.code, i18n.language, t) : undefined;
  return (
    <main className={layout.centered}>
      <Card padding="large" elevation="raised" className={layout.narrow}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
          <Stack gap="large">
            <Stack gap="xsmall">
              <Heading level={1} id="signup-title">
                {t('auth:signup.title')}
              </Heading>
              <Text tone="muted">{t('auth:signup.subtitle')}</Text>
            </Stack>
            {message && (
              <p role="alert" className={layout.alert}>
                {message}
              </p>
            )}
            <BilingualTextField
              label={t('auth:signup.name')}
              value={names}
              onChange={setNames}
              errorMessage={namesError}
            />
            <TextField
              label={t('auth:login.username')}
              description={t('auth:signup.usernameRule')}
              autoComplete="username"
              value={username}
              onChange={setUsername}
              errorMessage={usernameError}
            />
            <PasswordField
              label={t('auth:login.password')}
              description={t('auth:signup.passwordRule', { count: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              errorMessage={passwordError}
            />
            <TextField
              label={t('auth:login.schoolCode')}
              description={t('auth:login.schoolCodeHelp')}
              autoComplete="organization"
              value={schoolCode}
              onChange={setSchoolCode}
              errorMessage={serverFieldError('schoolCode')}
            />
            <Button type="submit" fullWidth isPending={pending}>
              {t('auth:signup.submit')}
            </Button>
            <Text align="center">
              <Link href="/auths/login">{t('auth:signup.haveAccount')}</Link>
            </Text>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
