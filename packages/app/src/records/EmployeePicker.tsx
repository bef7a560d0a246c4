import { apiPaths, type EmployeeListResponse } from '@sala/contract';
import { ComboBox, pickText, type FieldOption } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../api/ServicesProvider.js';

interface EmployeePickerProps {
  label: string;
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
  description,
  value,
  initialLabel,
  onChange,
  errorMessage,
}: EmployeePickerProps) {
  const { i18n } = useTranslation();
  const http = useHttp();
  const initial: FieldOption<string>[] =
    value && initialLabel ? [{ id: value, label: initialLabel }] : [];
  return (
    <ComboBox<string>
      label={label}
      {...(description ? { description } : {})}
      value={value}
      onChange={(id) => onChange(id ?? null)}
      errorMessage={errorMessage}
      loadOptions={async (query, signal) => {
        const page = await http.get<EmployeeListResponse>(
          apiPaths.employees,
          { search: query || undefined, pageSize: 20, status: 'working' },
          { signal },
        );
        const found = page.items.map((person) => ({
          id: person.id,
          label: pickText({ km: person.nameKm, en: person.nameEn }, i18n.language),
          description: [person.code, person.position].filter(Boolean).join(' · '),
        }));
        return found.some((option) => option.id === value) ? found : [...initial, ...found];
      }}
    />
  );
}
