import { PasswordField, Button, Card, Heading, Link, Stack, Text, TextField } from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthFailure } from '../../auth/AuthClient.js';
import { useAuthClient } from '../../auth/AuthProvider.js';
import { errorText } from '../../i18n/errors.js';
import * as layout from '../../layouts/PageLayout.css.js';

const SCHOOL_CODE_KEY = 'schoolCode';

/**
 * Sign in with a username, email or phone and a password. The school code is asked only when
 * the server hosts several schools (it answers SCHOOL_REQUIRED), and remembered on this device.
 * `?username=` fills in the username (the QR code of a sign-in slip).
 */
export function LoginForm({ next }: { next: string | null }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const auth = useAuthClient();
  // A sign-in slip's QR code opens this page with the username filled in.
  const [username, setUsername] = useState(
    () => new URLSearchParams(window.location.search).get('username')?.slice(0, 254) ?? '',
  );
  const [password, setPassword] = useState('');
  const [schoolCode, setSchoolCode] = useState(() => localStorage.getItem(SCHOOL_CODE_KEY) ?? '');
  const [askSchool, setAskSchool] = useState(() => !!localStorage.getItem(SCHOOL_CODE_KEY));
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<AuthFailure | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password || (askSchool && !schoolCode.trim())) return;
    setPending(true);
    setFailure(null);
    const code = askSchool ? schoolCode.trim() : undefined;
    void auth
      .login({ username: username.trim(), password, ...(code ? { schoolCode: code } : {}) }, next)
      .then((outcome) => {
        if (outcome.ok) {
          // The button stays busy while the app takes over the page.
          if (code) localStorage.setItem(SCHOOL_CODE_KEY, code);
          return;
        }
        setPending(false);
        if (outcome.code === 'SCHOOL_REQUIRED') setAskSchool(true);
        setFailure(outcome);
      });
  };

  const message = failure ? errorText(failure.code, i18n.language, t) : undefined;
  const required = t('auth:login.required');

  return (
    <main className={layout.centered}>
      <Card padding="large" elevation="raised" className={layout.narrow}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
          <Stack gap="large">
            <Stack gap="xsmall">
              <Heading level={1} id="login-title">
                {t('auth:login.title')}
              </Heading>
              <Text tone="muted">{t('auth:login.subtitle')}</Text>
            </Stack>
            {message && (
              <p role="alert" className={layout.alert}>
                {message}
              </p>
            )}
            <TextField
              label={t('auth:login.username')}
              description={t('auth:login.usernameHelp')}
              name="username"
              autoComplete="username"
              value={username}
              onChange={setUsername}
              errorMessage={submitted && !username.trim() ? required : undefined}
            />
            <PasswordField
              label={t('auth:login.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              errorMessage={submitted && !password ? required : undefined}
            />
            {askSchool && (
              <TextField
                label={t('auth:login.schoolCode')}
                description={t('auth:login.schoolCodeHelp')}
                name="schoolCode"
                autoComplete="organization"
                value={schoolCode}
                onChange={setSchoolCode}
                errorMessage={submitted && !schoolCode.trim() ? required : undefined}
              />
            )}
            <Button type="submit" fullWidth isPending={pending}>
              {t('auth:login.submit')}
            </Button>
            <Text align="center">
              <Link href="/auths/signup">{t('auth:login.noAccount')}</Link>
            </Text>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
