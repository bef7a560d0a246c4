import { useId, useState, type ReactNode } from 'react';
import { Input, TextField as AriaTextField } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import type { BilingualText } from '../../lib/bilingual.js';
import { FieldHelp, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './BilingualTextField.css.js';

const strings = uiStringTable(['bilingual.km', 'bilingual.en']);

const languages = ['km', 'en'] as const;
type Language = (typeof languages)[number];

export interface BilingualTextFieldProps extends FieldProps {
  /** Both texts (controlled). */
  value?: BilingualText;
  /** Both texts first shown (uncontrolled). */
  defaultValue?: BilingualText;
  /** Called with both texts whenever either changes. */
  onChange?: (value: { km: string; en: string }) => void;
  /** Form name: the inputs are named `${name}.km` and `${name}.en`, as zod paths are. */
  name?: string;
  /**
   * The inputs' own names, where a record keeps the two texts in fields of its own
   * (`{ km: 'nameKm', en: 'nameEn' }`); instead of `name`.
   */
  names?: Readonly<Record<Language, string>>;
  /**
   * The languages that must be filled in.
   * @default []
   */
  requiredLanguages?: readonly Language[];
  /** An error for one language (e.g. from a zod result). */
  languageErrors?: Partial<Record<Language, ReactNode>>;
  /** Hints shown inside each input. */
  placeholders?: Partial<Record<Language, string>>;
  /** Disables both inputs. */
  isDisabled?: boolean;
  /** An extra class for layout. */
  className?: string;
}

/**
 * One name in Khmer and in English (students, classes, subjects are kept in both): two inputs
 * side by side, stacked on phones. Each input is named by the field and its language.
 */
export function BilingualTextField({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  name,
  names,
  requiredLanguages = [],
  languageErrors = {},
  placeholders = {},
  isDisabled,
  className,
}: BilingualTextFieldProps) {
  const t = useStrings(strings);
  const labelId = useId();
  const helpId = useId();
  const [own, setOwn] = useState({ km: defaultValue?.km ?? '', en: defaultValue?.en ?? '' });
  const current = value ? { km: value.km ?? '', en: value.en ?? '' } : own;
  const change = (lang: Language, text: string) => {
    const next = { ...current, [lang]: text };
    if (!value) setOwn(next);
    onChange?.(next);
  };
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={description || errorMessage ? helpId : undefined}
      className={cx(styles.group, className)}
    >
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <div className={styles.pair}>
        {languages.map((lang) => (
          <AriaTextField
            key={lang}
            name={names?.[lang] ?? (name ? `${name}.${lang}` : undefined)}
            value={current[lang]}
            onChange={(text) => change(lang, text)}
            isRequired={requiredLanguages.includes(lang)}
            isDisabled={isDisabled}
            isInvalid={languageErrors[lang] || errorMessage ? true : undefined}
            aria-labelledby={`${labelId} ${labelId}-${lang}`}
            className={fieldStyles.field}
          >
            <span id={`${labelId}-${lang}`} className={styles.language}>
              {t(`bilingual.${lang}`)}
            </span>
            <Input lang={lang} placeholder={placeholders[lang]} className={fieldStyles.input} />
            <FieldHelp errorMessage={languageErrors[lang]} />
          </AriaTextField>
        ))}
      </div>
      <span id={helpId}>
        {description && <span className={fieldStyles.description}>{description}</span>}
        {errorMessage && <span className={fieldStyles.error}>{errorMessage}</span>}
      </span>
    </div>
  );
}
