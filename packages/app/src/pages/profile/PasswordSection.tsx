import { apiPaths, PASSWORD_MIN_LENGTH } from '@sala/contract';
import { Button, Card, Heading, PasswordField, Stack, Text, useToast } from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { errorText } from '../../i18n/errors.js';

/** Change the password with the old one; the server then signs out every other device. */
export function PasswordSection() {
  const { t, i18n } = useTranslation('profile');
  const http = useHttp();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const tooShort = next.length > 0 && next.length < PASSWORD_MIN_LENGTH;
  const mismatch = again.length > 0 && again !== next;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!current || !next || tooShort || mismatch || again !== next) return;
    setSaving(true);
    setServerError(null);
    try {
      await http.post(apiPaths.password, { currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setAgain('');
      setSubmitted(false);
      toast.success(t('passwordChanged'));
    } catch (error) {
      setServerError(
        errorText(error instanceof ApiError ? error.code : 'UNKNOWN', i18n.language, t),
      );
    } finally {
      setSaving(false);
    }
  };

  const required = t('required');
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
            errorMessage={serverError ?? (submitted && !current ? required : undefined)}
          />
          <PasswordField
            label={t('newPassword')}
            description={t('newPasswordHelp', { count: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            errorMessage={
              tooShort
                ? t('tooShort', { count: PASSWORD_MIN_LENGTH })
                : submitted && !next
                  ? required
                  : undefined
            }
          />
          <PasswordField
            label={t('confirmPassword')}
            autoComplete="new-password"
            value={again}
            onChange={setAgain}
            errorMessage={mismatch ? t('mismatch') : submitted && !again ? required : undefined}
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
