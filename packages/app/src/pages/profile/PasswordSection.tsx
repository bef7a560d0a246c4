import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@sala/contract';
import { Button, Card, Heading, PasswordField, Stack, Text, useToast } from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthClient } from '../../auth/AuthProvider.js';
import {
  NewPasswordFields,
  newPasswordAcceptable,
  type NewPasswordValue,
} from '../../auth/NewPasswordFields.js';
import { errorText } from '../../i18n/errors.js';

/**
 * Change the password with the old one; the password policy is explained as the user types.
 * The server then signs out every other device.
 */
export function PasswordSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('profile');
  const auth = useAuthClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', again: '' });
  const [submitted, setSubmitted] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const context = { username: user.username, schoolCode: user.school.code, email: user.email };
  const fieldError = (field: string) => {
    const code = fieldErrors[field]?.[0];
    return code ? errorText(code as never, i18n.language, t) : undefined;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!current || !newPasswordAcceptable(value, context)) return;
    setSaving(true);
    setFieldErrors({});
    const outcome = await auth.changePassword({
      currentPassword: current,
      newPassword: value.password,
    });
    setSaving(false);
    if (!outcome.ok) {
      if (outcome.fieldErrors) setFieldErrors(outcome.fieldErrors);
      else toast.error(errorText(outcome.code, i18n.language, t));
      return;
    }
    setCurrent('');
    setValue({ password: '', again: '' });
    setSubmitted(false);
    // The other devices were signed out: the list of devices says so.
    void queryClient.invalidateQueries({ queryKey: ['own-sessions'] });
    toast.success(t('passwordChanged'));
  };

  return (
    <Card>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="profile-password">
        <Stack gap="medium">
          <Heading level={2} id="profile-password">
            {t('password')}
          </Heading>
          <Text tone="muted">{t('passwordHelp')}</Text>
          <PasswordField
            label={t('currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            errorMessage={
              fieldError('currentPassword') ?? (submitted && !current ? t('required') : undefined)
            }
          />
          <NewPasswordFields
            value={value}
            onChange={setValue}
            context={context}
            submitted={submitted}
            serverError={fieldError('newPassword')}
          />
          <div>
            <Button type="submit" isPending={saving}>
              {t('changePassword')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
