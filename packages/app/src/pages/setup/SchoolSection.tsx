import { apiPath, apiPaths, type School, type StoredFile } from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  Heading,
  ImageUpload,
  PhoneInput,
  Stack,
  TextArea,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { useSaveSchool } from './useSchool.js';

/** The school's names, logo, address and phone. */
export function SchoolSection({ school }: { school: School }) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const save = useSaveSchool();
  const [names, setNames] = useState({ km: school.nameKm, en: school.nameEn });
  const [address, setAddress] = useState(school.settings.address);
  const [phone, setPhone] = useState<string | null>(school.settings.phone);
  const [logoBusy, setLogoBusy] = useState(false);
  const logoUrl = school.logoFileId ? apiPath(apiPaths.file, { id: school.logoFileId }) : null;

  const saveLogo = async (blob: Blob | null) => {
    setLogoBusy(true);
    try {
      let logoFileId: string | null = null;
      if (blob) {
        const { file } = await http.upload<{ file: StoredFile }>(apiPaths.uploadLogo, blob, 'logo');
        logoFileId = file.id;
      }
      await save.mutateAsync({ logoFileId });
      toast.success(blob ? t('logoSaved') : t('logoRemoved'));
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setLogoBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { nameKm: names.km, nameEn: names.en, settings: { address, phone } },
      { onSuccess: () => toast.success(t('saved')) },
    );
  };
  const error = save.error;
  const nameError = fieldErrorText(error, 'nameEn', lang) ?? fieldErrorText(error, 'nameKm', lang);

  return (
    <Stack gap="large">
      <Card>
        <Stack gap="medium">
          <Heading level={2}>{t('logo')}</Heading>
          <ImageUpload
            label={t('logo')}
            aspect={1}
            imageUrl={logoUrl}
            onChange={(blob) => void saveLogo(blob)}
            isDisabled={logoBusy}
          />
        </Stack>
      </Card>
      <Card>
        <form onSubmit={onSubmit} aria-label={t('schoolTab')} noValidate>
          <Stack gap="medium">
            <Heading level={2}>{t('schoolTab')}</Heading>
            <BilingualTextField
              label={t('schoolName')}
              value={names}
              onChange={setNames}
              name="schoolName"
              {...(nameError ? { errorMessage: nameError } : {})}
            />
            <div className={styles.formGrid}>
              <TextArea label={t('address')} value={address} onChange={setAddress} />
              <PhoneInput
                label={t('phone')}
                value={phone}
                onChange={setPhone}
                defaultCountry={school.settings.defaultPhoneCountry}
              />
            </div>
            {error && !nameError ? (
              <div role="alert" className={styles.formError}>
                {failureText(error, lang, t)}
              </div>
            ) : null}
            <div>
              <Button type="submit" isPending={save.isPending}>
                {t('save')}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
