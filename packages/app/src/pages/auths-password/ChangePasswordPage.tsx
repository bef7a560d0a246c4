import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Heading, PasswordField, Stack, Text, pickText, useToast } from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { safeNext } from '../../auth/AuthClient.js';
import { useAuth } from '../../auth/AuthProvider.js';
import {
  NewPasswordFields,
  newPasswordAcceptable,
  type NewPasswordValue,
} from '../../auth/NewPasswordFields.js';
import { errorText } from '../../i18n/errors.js';
import * as layout from '../../layouts/PageLayout.css.js';

/**
 * `/auths/password`: a user signed in with a temporary password (a new account's, or one an
 * administrator reset) chooses their own before anything else, then goes on where they were
 * going. Just after signing in the temporary password is not asked again; after a reload it is.
 */
export default function ChangePasswordPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { user, client } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  // Back where the user was going: never to this step or the sign-in page again.
  const asked = safeNext(params.get('next'));
  const next = asked.startsWith('/auths/') ? '/' : asked;
  const [asksCurrent] = useState(() => !client.knowsTemporaryPassword());
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', again: '' });
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  // Nothing to change (already done, or never asked for): on to where the user was going.
  if (!user?.mustChangePassword) return <Navigate to={next} replace />;

  const context = { username: user.username, schoolCode: user.school.code, email: user.email };
  const lang = i18n.language;
  const name = pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username;
  const fieldError = (field: string) => {
    const code = fieldErrors[field]?.[0];
    return code ? errorText(code as never, lang, t) : undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if ((asksCurrent && !current) || !newPasswordAcceptable(value, context)) return;
    setPending(true);
    setFailure(null);
    setFieldErrors({});
    void client
      .changePassword({
        ...(asksCurrent ? { currentPassword: current } : {}),
        newPassword: value.password,
      })
      .then((outcome) => {
        setPending(false);
        if (!outcome.ok) {
          setFieldErrors(outcome.fieldErrors ?? {});
          if (!outcome.fieldErrors) setFailure(errorText(outcome.code, lang, t));
          return;
        }
        // Whatever was refused before the change is asked for again.
        void queryClient.invalidateQueries();
        toast.success(t('auth:password.saved'));
        navigate(next, { replace: true });
      });
  };

  return (
    <main className={layout.centered}>
      <Card padding="large" elevation="raised" className={layout.narrow}>
        <form onSubmit={onSubmit} noValidate aria-labelledby="password-title">
          <Stack gap="large">
            <Stack gap="xsmall">
              <Heading level={1} id="password-title">
                {t('auth:password.title')}
              </Heading>
              <Text tone="muted">{t('auth:password.subtitle', { name })}</Text>
            </Stack>
            {failure && (
              <p role="alert" className={layout.alert}>
                {failure}
              </p>
            )}
            {/* For password managers: whose password this is. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={user.username}
              readOnly
              hidden
            />
            {asksCurrent && (
              <PasswordField
                label={t('auth:password.temporary')}
                description={t('auth:password.temporaryHelp')}
                autoComplete="current-password"
                value={current}
                onChange={setCurrent}
                errorMessage={
                  fieldError('currentPassword') ??
                  (submitted && !current ? t('auth:login.required') : undefined)
                }
              />
            )}
            <NewPasswordFields
              value={value}
              onChange={setValue}
              context={context}
              submitted={submitted}
              serverError={fieldError('newPassword')}
            />
            <Button type="submit" fullWidth isPending={pending}>
              {t('auth:password.submit')}
            </Button>
            <Button variant="ghost" fullWidth onPress={() => void client.logout()}>
              {t('common:signOut')}
            </Button>
          </Stack>
        </form>
      </Card>
    </main>
  );
}
