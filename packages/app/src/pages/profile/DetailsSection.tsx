import { apiPaths, type DigitStyleName, type Locale, type SessionUser } from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  Heading,
  PhoneInput,
  Select,
  Stack,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuthClient } from '../../auth/AuthProvider.js';
import { changeLanguage } from '../../i18n/index.js';
import { errorText } from '../../i18n/errors.js';

type Gender = NonNullable<SessionUser['gender']>;

/** Names in both languages, phone, gender, interface language and digits. */
export function DetailsSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('profile');
  const http = useHttp();
  const auth = useAuthClient();
  const toast = useToast();
  const [names, setNames] = useState({ km: user.nameKm, en: user.nameEn });
  const [phone, setPhone] = useState<string | null>(user.phone);
  const [phoneValid, setPhoneValid] = useState(true);
  const [gender, setGender] = useState<Gender | null>(user.gender);
  const [locale, setLocale] = useState<Locale>(user.locale);
  const [digits, setDigits] = useState<DigitStyleName>(user.digits);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phoneValid) return;
    setSaving(true);
    setFieldErrors({});
    try {
      await http.patch(apiPaths.profile, {
        nameKm: names.km,
        nameEn: names.en,
        phone,
        gender,
        locale,
        digits,
      });
      await auth.reloadUser();
      if (locale !== i18n.language) await changeLanguage(locale);
      toast.success(t('saved'));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      if (error instanceof ApiError && error.fieldErrors) setFieldErrors(error.fieldErrors);
      toast.error(errorText(code, i18n.language, t));
    } finally {
      setSaving(false);
    }
  };

  const genders: { id: Gender; label: string }[] = [
    { id: 'female', label: t('female') },
    { id: 'male', label: t('male') },
    { id: 'other', label: t('other') },
  ];

  return (
    <Card>
      <form onSubmit={(e) => void onSubmit(e)} aria-labelledby="profile-details">
        <Stack gap="medium">
          <Heading level={2} id="profile-details">
            {t('details')}
          </Heading>
          <BilingualTextField label={t('name')} value={names} onChange={setNames} name="name" />
          <PhoneInput
            label={t('phone')}
            value={phone}
            onChange={(e164, parsed) => {
              setPhone(e164);
              setPhoneValid(parsed.ok || !parsed.input.trim());
            }}
            errorMessage={fieldErrors.phone ? t('phoneInvalid') : undefined}
          />
          <Select label={t('gender')} options={genders} value={gender} onChange={setGender} />
          <Select
            label={t('language')}
            options={[
              { id: 'km', label: 'ខ្មែរ' },
              { id: 'en', label: 'English' },
            ]}
            value={locale}
            onChange={(value) => value && setLocale(value)}
          />
          <Select
            label={t('digits')}
            description={t('digitsHelp')}
            options={[
              { id: 'latn', label: t('digitsLatin') },
              { id: 'khmr', label: t('digitsKhmer') },
            ]}
            value={digits}
            onChange={(value) => value && setDigits(value)}
          />
          <div>
            <Button type="submit" isPending={saving}>
              {t('save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
