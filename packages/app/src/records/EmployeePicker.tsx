import { ComboBox, pickText, type FieldOption } from '@sala/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../api/ServicesProvider.js';

interface EmployeePickerProps {
  label: string;
  /** The form field it fills (for the error summary's link). */
  name?: string;
  description?: string;
  value: string | null;
  /** The chosen person's label, shown before the list is searched. */
  initialLabel?: string;
  onChange: (id: string | null) => void;
  errorMessage?: string | undefined;
}

/** A member of staff, searched on the server by code or name in either script. */
export function EmployeePicker({
  label,
  name,
  description,
  value,
  initialLabel,
  onChange,
  errorMessage,
}: EmployeePickerProps) {
  const { i18n } = useTranslation();
  const http = useHttp();
  const lang = i18n.language;
  // The same function while nothing it reads changes: ComboBox searches again when it changes.
  const loadOptions = useCallback(
    async (query: string, signal: AbortSignal) => {
      const initial: FieldOption<string>[] =
        value && initialLabel ? [{ id: value, label: initialLabel }] : [];
      const page = await http.call(
        'getEmployees',
        { query: { search: query || undefined, pageSize: 20, status: 'working' } },
        { signal },
      );
      const found = page.items.map((person) => ({
        id: person.id,
        label: pickText({ km: person.nameKm, en: person.nameEn }, lang),
        description: [person.code, person.position].filter(Boolean).join(' · '),
      }));
      return found.some((option) => option.id === value) ? found : [...initial, ...found];
    },
    [http, lang, value, initialLabel],
  );
  return (
    <ComboBox<string>
      label={label}
      {...(name ? { name } : {})}
      {...(description ? { description } : {})}
      value={value}
      onChange={(id) => onChange(id ?? null)}
      errorMessage={errorMessage}
      loadOptions={loadOptions}
    />
  );
}
