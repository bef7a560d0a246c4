import type { TermInput } from '@sala/contract';
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
import { fieldErrorText } from '../../records/errors.js';
import * as own from './setup.css.js';

/** A year's terms: each with its names, its months in order and its exam month. */
export function TermsEditor({
  terms,
  onChange,
  error,
}: {
  terms: TermInput[];
  onChange: (terms: TermInput[]) => void;
  error: unknown;
}) {
  const { t, i18n } = useTranslation('setup');
  const lang = i18n.language;
  const calendarLang = lang === 'km' ? 'km' : 'en';
  const change = (index: number, patch: Partial<TermInput>) =>
    onChange(terms.map((term, i) => (i === index ? { ...term, ...patch } : term)));
  const termsError = fieldErrorText(error, 'terms', lang);

  return (
    <Stack gap="small">
      <Heading level={3}>{t('terms')}</Heading>
      {terms.map((term, index) => {
        const monthError =
          fieldErrorText(error, `terms.${index}.months`, lang) ??
          fieldErrorText(error, `terms.${index}.examMonth`, lang);
        return (
          <fieldset key={index} className={own.band}>
            <legend className={own.bandLetter}>{t('termNumber', { number: term.number })}</legend>
            <Stack gap="small">
              <BilingualTextField
                label={t('termName')}
                value={{ km: term.nameKm ?? '', en: term.nameEn ?? '' }}
                onChange={(names) => change(index, { nameKm: names.km, nameEn: names.en })}
                name={`term${index}`}
              />
              <CheckboxGroup
                label={t('termMonths')}
                orientation="horizontal"
                value={term.months.map(String)}
                onChange={(ids) => {
                  // Months in teaching order: the school year starts in the year's first month.
                  const chosen = ids.map(Number) as Month[];
                  const first = terms[0]?.months[0] ?? chosen[0] ?? 1;
                  chosen.sort((a, b) => ((a - first + 12) % 12) - ((b - first + 12) % 12));
                  change(index, {
                    months: chosen,
                    examMonth: chosen.includes(term.examMonth as Month)
                      ? term.examMonth
                      : (chosen.at(-1) ?? term.examMonth),
                  });
                }}
                options={months.map((m) => ({ id: String(m), label: monthName(m, calendarLang) }))}
                {...(monthError ? { errorMessage: monthError } : {})}
              />
              <MonthPicker
                label={t('examMonth')}
                value={term.examMonth as Month}
                onChange={(m) => m && change(index, { examMonth: m })}
                allowedMonths={term.months as Month[]}
              />
              <div>
                <Button
                  variant="secondary"
                  onPress={() => onChange(terms.filter((_, i) => i !== index))}
                >
                  {t('removeTerm', { number: term.number })}
                </Button>
              </div>
            </Stack>
          </fieldset>
        );
      })}
      {termsError ? <div role="alert">{termsError}</div> : null}
      {terms.length < 4 ? (
        <div>
          <Button
            variant="secondary"
            onPress={() => {
              const number = Math.max(0, ...terms.map((term) => term.number)) + 1;
              onChange([...terms, { number, nameKm: '', nameEn: '', months: [], examMonth: 1 }]);
            }}
          >
            {t('addTerm')}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
