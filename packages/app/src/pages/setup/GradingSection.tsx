import { updateSchoolRequestSchema, type School } from '@sala/contract';
import {
  Button,
  Card,
  ErrorSummary,
  Heading,
  NumberField,
  Select,
  Stack,
  Text,
  TextField,
  useToast,
} from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../forms/useContractForm.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';
import { useSaveSchool } from './useSchool.js';

/** The six grade bands (cut-off as a percentage of the maximum, mentions) and how results print. */
export function GradingSection({ school }: { school: School }) {
  const { t } = useTranslation('setup');
  const toast = useToast();
  const save = useSaveSchool();
  const f = useContractForm({
    schema: updateSchoolRequestSchema,
    defaultValues: {
      settings: {
        gradeBands: school.settings.gradeBands,
        resultDigits: school.settings.resultDigits,
        resultDecimals: school.settings.resultDecimals,
      },
    },
  });
  const bands = f.values.settings?.gradeBands ?? [];
  const onSubmit = f.submit(async (data) => {
    await save.mutateAsync(data);
    toast.success(t('saved'));
  });

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label={t('gradingTab')} noValidate>
        <Stack gap="medium">
          <ErrorSummary {...f.summary} />
          <Heading level={2}>{t('bands')}</Heading>
          <Text tone="muted">{t('bandsHelp')}</Text>
          {bands.map((band, index) => {
            const cutOff = f.number(
              `settings.gradeBands.${index}.minFraction`,
              t('cutOff', { letter: band.letter }),
            );
            return (
              <fieldset key={band.letter} className={own.band}>
                <legend className={own.bandLetter}>{t('grade', { letter: band.letter })}</legend>
                <div className={styles.formGrid}>
                  <NumberField
                    {...cutOff}
                    // Shown as a percentage of the maximum, kept as a fraction.
                    value={cutOff.value === null ? null : Math.round(cutOff.value * 1000) / 10}
                    onChange={(percent) => cutOff.onChange(percent === null ? null : percent / 100)}
                    minValue={0}
                    maxValue={100}
                    maximumFractionDigits={1}
                    isDisabled={band.letter === 'F'}
                  />
                  <TextField
                    {...f.text(
                      `settings.gradeBands.${index}.mentionKm`,
                      t('mentionKm', { letter: band.letter }),
                    )}
                  />
                  <TextField
                    {...f.text(
                      `settings.gradeBands.${index}.mentionEn`,
                      t('mentionEn', { letter: band.letter }),
                    )}
                  />
                </div>
              </fieldset>
            );
          })}
          <Heading level={2}>{t('results')}</Heading>
          <div className={styles.formGrid}>
            <Select
              {...f.value<'latn' | 'khmr'>('settings.resultDigits', t('resultDigits'))}
              options={[
                { id: 'latn', label: t('digitsLatn') },
                { id: 'khmr', label: t('digitsKhmr') },
              ]}
            />
            <Select
              {...f.value<1 | 2>('settings.resultDecimals', t('resultDecimals'))}
              options={[
                { id: 1, label: t('decimalsOne') },
                { id: 2, label: t('decimalsTwo') },
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
  );
}
