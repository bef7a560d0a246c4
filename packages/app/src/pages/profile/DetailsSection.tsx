import {
  type DigitStyleName,
  type Locale,
  type SessionUser,
  updateProfileRequestSchema,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  ErrorSummary,
  Heading,
  PhoneInput,
  Select,
  Stack,
  useToast,
} from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuthClient } from '../../auth/AuthProvider.js';
import { changeLanguage } from '../../i18n/index.js';
import { useContractForm } from '../../forms/useContractForm.js';

type Gender = NonNullable<SessionUser['gender']>;

/** Names in both languages, phone, gender, interface language and digits. */
export function DetailsSection({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation('profile');
  const http = useHttp();
  const auth = useAuthClient();
  const toast = useToast();
  const f = useContractForm({
    schema: updateProfileRequestSchema,
    defaultValues: {
      nameKm: user.nameKm,
      nameEn: user.nameEn,
      phone: user.phone,
      gender: user.gender,
      locale: user.locale,
      digits: user.digits,
    },
  });
  const [phoneValid, setPhoneValid] = useState(true);
  const [saving, setSaving] = useState(false);

  // A number the phone field cannot read is said under it; nothing is sent until it is right.
  const onSubmit = f.submit(async (changes) => {
    if (!phoneValid) return;
    setSaving(true);
    try {
      await http.call('patchProfile', { body: changes });
      await auth.reloadUser();
      if (changes.locale && changes.locale !== i18n.language) await changeLanguage(changes.locale);
      toast.success(t('saved'));
    } finally {
      setSaving(false);
    }
  });
  const phone = f.value<string | null>('phone', t('phone'));
  const gender = f.value<Gender | null>('gender', t('gender'));
  const locale = f.value<Locale>('locale', t('language'));
  const digits = f.value<DigitStyleName>('digits', t('digits'));

  const genders: { id: Gender; label: string }[] = [
    { id: 'female', label: t('female') },
    { id: 'male', label: t('male') },
    { id: 'other', label: t('other') },
  ];

  return (
    <Card>
      <form onSubmit={onSubmit} aria-labelledby="profile-details" noValidate>
        <Stack gap="medium">
          <Heading level={2} id="profile-details">
            {t('details')}
          </Heading>
          <ErrorSummary {...f.summary} />
          <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
          <PhoneInput
            {...phone}
            onChange={(e164, parsed) => {
              phone.onChange(e164);
              setPhoneValid(parsed.ok || !parsed.input.trim());
            }}
          />
          <Select {...gender} options={genders} onChange={(value) => gender.onChange(value)} />
          <Select
            {...locale}
            options={[
              { id: 'km', label: 'ខ្មែរ' },
              { id: 'en', label: 'English' },
            ]}
            onChange={(value) => value && locale.onChange(value)}
          />
          <Select
            {...digits}
            description={t('digitsHelp')}
            options={[
              { id: 'latn', label: t('digitsLatin') },
              { id: 'khmr', label: t('digitsKhmer') },
            ]}
            onChange={(value) => value && digits.onChange(value)}
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
