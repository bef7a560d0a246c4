import type { createAcademicYearRequestSchema, TermInput } from '@sala/contract';
import {
  BilingualTextField,
  Button,
  CheckboxGroup,
  Heading,
  MonthPicker,
  Stack,
  monthName,
  months,
  type Month,
} from '@sala/ui';
import { useTranslation } from 'react-i18next';
import type { ContractForm } from '../../forms/useContractForm.js';
import * as own from './setup.css.js';

/** The months of a year in teaching order: from the year's first month. */
function inTeachingOrder(chosen: Month[], firstMonth: number): Month[] {
  return [...chosen].sort((a, b) => ((a - firstMonth + 12) % 12) - ((b - firstMonth + 12) % 12));
}

/** A year's terms: each with its names, its months in order and its exam month. */
export function TermsEditor({ f }: { f: ContractForm<typeof createAcademicYearRequestSchema> }) {
  const { t, i18n } = useTranslation('setup');
  const calendarLang = i18n.language === 'km' ? 'km' : 'en';
  const list = f.value<TermInput[]>('terms', t('terms'));
  const terms = list.value ?? [];
  const startMonth = Number(f.values.startDate?.slice(5, 7)) || terms[0]?.months[0] || 1;

  return (
    <Stack gap="small">
      <Heading level={3}>{t('terms')}</Heading>
      {terms.map((term, index) => {
        const title = t('termNumber', { number: term.number });
        const monthsField = f.value<number[]>(`terms.${index}.months`, t('termMonths'));
        const exam = f.value<number>(`terms.${index}.examMonth`, t('examMonth'));
        const names = f.bilingual(`terms.${index}.nameKm`, `terms.${index}.nameEn`, t('termName'));
        // The summary says which term: "Term 2 · Months".
        f.label(`terms.${index}.months`, `${title} · ${t('termMonths')}`);
        f.label(`terms.${index}.examMonth`, `${title} · ${t('examMonth')}`);
        f.label(`terms.${index}.nameKm`, `${title} · ${t('termName')}`);
        f.label(`terms.${index}.number`, title);
        const chosen = (monthsField.value ?? []) as Month[];
        return (
          <fieldset key={index} className={own.band}>
            <legend className={own.bandLetter}>{title}</legend>
            <Stack gap="small">
              <BilingualTextField {...names} />
              <CheckboxGroup
                {...monthsField}
                label={t('termMonths')}
                orientation="horizontal"
                value={chosen.map(String)}
                onChange={(ids) => {
                  const next = inTeachingOrder(ids.map(Number) as Month[], startMonth);
                  monthsField.onChange(next);
                  if (!next.includes(exam.value as Month) && next.length > 0) {
                    exam.onChange(next.at(-1)!);
                  }
                }}
                options={months.map((m) => ({ id: String(m), label: monthName(m, calendarLang) }))}
              />
              <MonthPicker
                {...exam}
                label={t('examMonth')}
                value={exam.value as Month}
                onChange={(m) => m && exam.onChange(m)}
                allowedMonths={chosen}
              />
              <div>
                <Button
                  variant="secondary"
                  onPress={() => list.onChange(terms.filter((_, i) => i !== index))}
                >
                  {t('removeTerm', { number: term.number })}
                </Button>
              </div>
            </Stack>
          </fieldset>
        );
      })}
      {terms.length < 4 ? (
        <div>
          <Button
            variant="secondary"
            onPress={() => {
              const number = Math.max(0, ...terms.map((term) => term.number)) + 1;
              list.onChange([
                ...terms,
                { number, nameKm: '', nameEn: '', months: [], examMonth: startMonth },
              ]);
            }}
          >
            {t('addTerm')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
