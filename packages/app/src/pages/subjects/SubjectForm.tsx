import {
  type CreateSubjectRequest,
  createSubjectRequestSchema,
  type Subject,
  type SubjectType,
  subjectTypeLabels,
  subjectTypes,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  CheckboxGroup,
  ErrorSummary,
  Inline,
  NumberField,
  Select,
  Stack,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import * as styles from '../../records/records.css.js';

interface SubjectFormProps {
  /** The subject being edited; none: a new one. */
  subject?: Subject;
  onSaved: (subject: Subject) => void;
  onCancel?: () => void;
}

const NO_DEPARTMENT = 'none';

/** The school's departments, for choosing one (a school has a handful). */
export function useDepartmentOptions() {
  const http = useHttp();
  return useQuery({
    queryKey: ['departments', { page: 1, pageSize: 100, search: '' }],
    queryFn: () => http.call('getDepartments', { query: { page: 1, pageSize: 100 } }),
  });
}

/** The school's grade levels (7–12 in a lower and upper secondary school). */
export function useGradeLevels() {
  const http = useHttp();
  return useQuery({
    queryKey: ['grade-levels'],
    queryFn: () => http.call('getGradeLevels'),
  });
}

/**
 * Code, names in both languages, how it is assessed, its maximum score and coefficient, its
 * department and the grades that study it. The server checks and explains; when someone else
 * saved the subject first, the form says so and shows their version.
 */
export function SubjectForm({ subject, onSaved, onCancel }: SubjectFormProps) {
  const { t, i18n } = useTranslation('subjects');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const departments = useDepartmentOptions();
  const gradeLevels = useGradeLevels();
  const [base, setBase] = useState(subject);
  const [reloaded, setReloaded] = useState(false);
  const valuesOf = (record?: Subject): CreateSubjectRequest => ({
    code: record?.code ?? '',
    nameKm: record?.nameKm ?? '',
    nameEn: record?.nameEn ?? '',
    type: record?.type ?? 'learning_exam',
    maxScore: record?.maxScore ?? 50,
    coefficient: record?.coefficient ?? 1,
    departmentId: record?.department?.id ?? null,
    gradeLevelIds: record?.gradeLevels.map((g) => g.id) ?? [],
  });
  const f = useContractForm({
    schema: createSubjectRequestSchema,
    defaultValues: valuesOf(subject),
  });

  const showRecord = (record: Subject) => {
    setBase(record);
    f.form.reset(valuesOf(record));
  };

  const save = useMutation({
    mutationFn: (fields: CreateSubjectRequest) => {
      setReloaded(false);
      return base
        ? http.call('patchSubject', {
            params: { id: base.id },
            body: {
              ...fields,
              version: base.version,
            },
          })
        : http.call('postSubjects', { body: fields });
    },
    onSuccess: async ({ subject: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['subjects'] });
      onSaved(saved);
    },
    onError: async (error) => {
      // Someone else saved it first: show their version; the message stays until the next try.
      if (base && error instanceof ApiError && error.code === 'VERSION_CONFLICT') {
        try {
          const fresh = await http.call('getSubject', { params: { id: base.id } });
          showRecord(fresh.subject);
          setReloaded(true);
        } catch {
          // The message already says to reload; the list is refreshed below.
        }
        await queryClient.invalidateQueries({ queryKey: ['subjects'] });
      }
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));
  const department = f.value<string | null>('departmentId', t('department'));
  const grades = f.value<string[]>('gradeLevelIds', t('gradeLevels'));

  const departmentOptions = [
    { id: NO_DEPARTMENT, label: t('noDepartment') },
    ...(departments.data?.items ?? []).map((d) => ({
      id: d.id,
      label: pickText({ km: d.nameKm, en: d.nameEn }, lang),
    })),
  ];
  const gradeOptions = (gradeLevels.data?.items ?? []).map((g) => ({
    id: g.id,
    label: t('grade', { number: g.number }),
  }));

  return (
    <form onSubmit={onSubmit} aria-label={subject ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="medium">
        <ErrorSummary
          {...f.summary}
          formErrors={[
            ...f.summary.formErrors.map((message) =>
              reloaded ? `${message} ${t('reloaded')}` : message,
            ),
          ]}
        />
        <div className={styles.formGrid}>
          <TextField {...f.text('code', t('code'))} description={t('codeHelp')} isRequired />
          <Select<SubjectType>
            {...f.value<SubjectType>('type', t('type'))}
            options={subjectTypes.map((id) => ({
              id,
              label: pickText(subjectTypeLabels[id], lang),
            }))}
          />
        </div>
        <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
        <div className={styles.formGrid}>
          <NumberField
            {...f.number('maxScore', t('maxScore'))}
            minValue={0.01}
            maxValue={1000}
            isRequired
          />
          <NumberField
            {...f.number('coefficient', t('coefficient'))}
            description={t('coefficientHelp')}
            minValue={0.01}
            maxValue={100}
            step={0.5}
            isRequired
          />
          <Select<string>
            {...department}
            value={department.value ?? NO_DEPARTMENT}
            onChange={(value) => department.onChange(value === NO_DEPARTMENT ? null : value)}
            options={departmentOptions}
          />
        </div>
        <CheckboxGroup
          {...grades}
          value={grades.value ?? []}
          description={t('gradeLevelsHelp')}
          orientation="horizontal"
          options={gradeOptions}
        />
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {subject ? t('save') : t('create')}
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
