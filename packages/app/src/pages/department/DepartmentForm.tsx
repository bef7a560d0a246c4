import {
  type CreateDepartmentRequest,
  createDepartmentRequestSchema,
  type Department,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  ErrorSummary,
  Inline,
  Stack,
  TextArea,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { useContractForm } from '../../forms/useContractForm.js';
import * as styles from '../../records/records.css.js';

interface DepartmentFormProps {
  /** The department being edited; none: a new one. */
  department?: Department;
  onSaved: (department: Department) => void;
  onCancel?: () => void;
}

/** Code, names in both languages, head and description, checked as the server checks them. */
export function DepartmentForm({ department, onSaved, onCancel }: DepartmentFormProps) {
  const { t, i18n } = useTranslation('departments');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const f = useContractForm({
    schema: createDepartmentRequestSchema,
    defaultValues: {
      code: department?.code ?? '',
      nameKm: department?.nameKm ?? '',
      nameEn: department?.nameEn ?? '',
      description: department?.description ?? '',
      headEmployeeId: department?.head?.id ?? null,
    },
  });

  const save = useMutation({
    mutationFn: (fields: CreateDepartmentRequest) =>
      department
        ? http.call('patchDepartment', {
            params: { id: department.id },
            body: {
              ...fields,
              version: department.version,
            },
          })
        : http.call('postDepartments', { body: fields }),
    onSuccess: async ({ department: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['departments'] });
      onSaved(saved);
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));
  const head = f.value<string | null>('headEmployeeId', t('head'));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={department ? t('editTitle') : t('createTitle')}
      noValidate
    >
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <div className={styles.formGrid}>
          <TextField {...f.text('code', t('code'))} description={t('codeHelp')} isRequired />
          <EmployeePicker
            {...head}
            label={t('head')}
            value={head.value ?? null}
            {...(department?.head
              ? {
                  initialLabel: pickText(
                    { km: department.head.nameKm, en: department.head.nameEn },
                    lang,
                  ),
                }
              : {})}
          />
        </div>
        <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
        <TextArea {...f.text('description', t('description'))} />
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
