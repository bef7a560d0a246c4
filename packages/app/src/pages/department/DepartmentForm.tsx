import { apiPath, apiPaths, type Department, type DepartmentResponse } from '@sala/contract';
import { BilingualTextField, Button, Inline, Stack, TextArea, TextField, pickText } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { fieldErrorText, failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';

interface DepartmentFormProps {
  /** The department being edited; none: a new one. */
  department?: Department;
  onSaved: (department: Department) => void;
  onCancel?: () => void;
}

/** Code, names in both languages, head and description; the server checks and explains. */
export function DepartmentForm({ department, onSaved, onCancel }: DepartmentFormProps) {
  const { t, i18n } = useTranslation('departments');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(department?.code ?? '');
  const [names, setNames] = useState({
    km: department?.nameKm ?? '',
    en: department?.nameEn ?? '',
  });
  const [description, setDescription] = useState(department?.description ?? '');
  const [headId, setHeadId] = useState<string | null>(department?.head?.id ?? null);

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        code,
        nameKm: names.km,
        nameEn: names.en,
        description,
        headEmployeeId: headId,
      };
      return department
        ? http.patch<DepartmentResponse>(apiPath(apiPaths.department, { id: department.id }), {
            ...fields,
            version: department.version,
          })
        : http.post<DepartmentResponse>(apiPaths.departments, fields);
    },
    onSuccess: async ({ department: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['departments'] });
      onSaved(saved);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const nameError = fieldErrorText(error, 'nameEn', lang) ?? fieldErrorText(error, 'nameKm', lang);

  return (
    <form
      onSubmit={onSubmit}
      aria-label={department ? t('editTitle') : t('createTitle')}
      noValidate
    >
      <Stack gap="medium">
        <div className={styles.formGrid}>
          <TextField
            label={t('code')}
            description={t('codeHelp')}
            value={code}
            onChange={setCode}
            isRequired
            maxLength={32}
            errorMessage={fieldErrorText(error, 'code', lang)}
            isInvalid={!!fieldErrorText(error, 'code', lang)}
          />
          <EmployeePicker
            label={t('head')}
            value={headId}
            {...(department?.head
              ? {
                  initialLabel: pickText(
                    { km: department.head.nameKm, en: department.head.nameEn },
                    lang,
                  ),
                }
              : {})}
            onChange={setHeadId}
            errorMessage={fieldErrorText(error, 'headEmployeeId', lang)}
          />
        </div>
        <BilingualTextField
          label={t('name')}
          value={names}
          onChange={setNames}
          name="name"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        <TextArea label={t('description')} value={description} onChange={setDescription} />
        {error && !nameError && !fieldErrorText(error, 'code', lang) ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {department ? t('save') : t('create')}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel}>
              {t('cancel')}
            </Button>
          ) : null}
        </Inline>
      </Stack>
    </form>
  );
}
