import type { GradeBand, School } from '@sala/contract';
import {
  Button,
  Card,
  Heading,
  NumberField,
  Select,
  Stack,
  Text,
  TextField,
  useToast,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';
import * as own from './setup.css.js';
import { useSaveSchool } from './useSchool.js';

/** The six grade bands (cut-off as a percentage of the maximum, mentions) and how results print. */
export function GradingSection({ school }: { school: School }) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const toast = useToast();
  const save = useSaveSchool();
  const [bands, setBands] = useState<GradeBand[]>(school.settings.gradeBands);
  const [digits, setDigits] = useState(school.settings.resultDigits);
  const [decimals, setDecimals] = useState(school.settings.resultDecimals);

  const change = (index: number, patch: Partial<GradeBand>) =>
    setBands((all) => all.map((band, i) => (i === index ? { ...band, ...patch } : band)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { settings: { gradeBands: bands, resultDigits: digits, resultDecimals: decimals } },
      { onSuccess: () => toast.success(t('saved')) },
    );
  };

  return (
    <Card>
      <form onSubmit={onSubmit} aria-label={t('gradingTab')} noValidate>
        <Stack gap="medium">
          <Heading level={2}>{t('bands')}</Heading>
          <Text tone="muted">{t('bandsHelp')}</Text>
          {bands.map((band, index) => (
            <fieldset key={band.letter} className={own.band}>
              <legend className={own.bandLetter}>{t('grade', { letter: band.letter })}</legend>
              <div className={styles.formGrid}>
                <NumberField
                  label={t('cutOff', { letter: band.letter })}
                  value={Math.round(band.minFraction * 1000) / 10}
                  onChange={(value) => change(index, { minFraction: (value ?? 0) / 100 })}
                  minValue={0}
                  maxValue={100}
                  maximumFractionDigits={1}
                  isDisabled={band.letter === 'F'}
                />
                <TextField
                  label={t('mentionKm', { letter: band.letter })}
                  value={band.mentionKm}
                  onChange={(mentionKm) => change(index, { mentionKm })}
                  maxLength={50}
                />
                <TextField
                  label={t('mentionEn', { letter: band.letter })}
                  value={band.mentionEn}
                  onChange={(mentionEn) => change(index, { mentionEn })}
                  maxLength={50}
                />
              </div>
            </fieldset>
          ))}
          <Heading level={2}>{t('results')}</Heading>
          <div className={styles.formGrid}>
            <Select
              label={t('resultDigits')}
              value={digits}
              onChange={(value) => value && setDigits(value)}
              options={[
                { id: 'latn', label: t('digitsLatn') },
                { id: 'khmr', label: t('digitsKhmr') },
              ]}
            />
            <Select
              label={t('resultDecimals')}
              value={decimals}
              onChange={(value) => value && setDecimals(value)}
              options={[
                { id: 1, label: t('decimalsOne') },
                { id: 2, label: t('decimalsTwo') },
              ]}
            />
          </div>
          {save.error ? (
            <div role="alert" className={styles.formError}>
              {failureText(save.error, lang, t)}
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
  );
}
