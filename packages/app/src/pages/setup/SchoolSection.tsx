import { type School, type StudentOrder, updateSchoolRequestSchema } from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Card,
  ErrorSummary,
  Heading,
  ImageUpload,
  PhoneInput,
  Select,
  Stack,
  TextArea,
  useToast,
} from '@sala/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import { useSaveSchool } from './useSchool.js';

/** The school's names, logo, address and phone. */
export function SchoolSection({ school }: { school: School }) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const save = useSaveSchool();
  const f = useContractForm({
    schema: updateSchoolRequestSchema,
    defaultValues: {
      nameKm: school.nameKm,
      nameEn: school.nameEn,
      settings: {
        address: school.settings.address,
        phone: school.settings.phone,
        studentOrder: school.settings.studentOrder,
      },
    },
  });
  const [logoBusy, setLogoBusy] = useState(false);
  const logoUrl = school.logoFileId
    ? http.url('getFile', { params: { id: school.logoFileId } })
    : null;

  const saveLogo = async (blob: Blob | null) => {
    setLogoBusy(true);
    try {
      let logoFileId: string | null = null;
      if (blob) {
        const { file } = await http.uploadTo('postUploadLogo', blob, 'logo');
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

  const onSubmit = f.submit(async (data) => {
    await save.mutateAsync(data);
    toast.success(t('saved'));
  });
  const phone = f.value<string | null>('settings.phone', t('phone'));

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
            <ErrorSummary {...f.summary} />
            <Heading level={2}>{t('schoolTab')}</Heading>
            <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('schoolName'))} />
            <div className={styles.formGrid}>
              <TextArea {...f.text('settings.address', t('address'))} />
              <PhoneInput
                {...phone}
                value={phone.value ?? null}
                defaultCountry={school.settings.defaultPhoneCountry}
              />
              <Select
                {...f.value<StudentOrder>('settings.studentOrder', t('studentOrder'))}
                description={t('studentOrderHelp')}
                options={[
                  { id: 'name', label: t('studentOrderName') },
                  { id: 'code', label: t('studentOrderCode') },
                ]}
              />
            </div>
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
