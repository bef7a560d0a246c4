import {
  apiPath,
  apiPaths,
  subjectTypeLabels,
  subjectTypes,
  type DepartmentListResponse,
  type GradeLevelListResponse,
  type Subject,
  type SubjectType,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  CheckboxGroup,
  Inline,
  NumberField,
  Select,
  Stack,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { fieldErrorText, failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';

interface SubjectFormProps {
  /** The subject being edited; none: a new one. */
  subject?: Subject;
  onSaved: (subject: Subject) => void;
  onCancel?: () => void;
}

type SubjectResponse = { subject: Subject };

const NO_DEPARTMENT = 'none';

/** The school's departments, for choosing one (a school has a handful). */
export function useDepartmentOptions() {
  const http = useHttp();
  return useQuery({
    queryKey: ['departments', { page: 1, pageSize: 100, search: '' }],
    queryFn: () =>
      http.get<DepartmentListResponse>(apiPaths.departments, { page: 1, pageSize: 100 }),
  });
}

/** The school's grade levels (7–12 in a lower and upper secondary school). */
export function useGradeLevels() {
  const http = useHttp();
  return useQuery({
    queryKey: ['grade-levels'],
    queryFn: () => http.get<GradeLevelListResponse>(apiPaths.gradeLevels),
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
  const [code, setCode] = useState(subject?.code ?? '');
  const [names, setNames] = useState({ km: subject?.nameKm ?? '', en: subject?.nameEn ?? '' });
  const [type, setType] = useState<SubjectType>(subject?.type ?? 'learning_exam');
  const [maxScore, setMaxScore] = useState<number | null>(subject?.maxScore ?? 50);
  const [coefficient, setCoefficient] = useState<number | null>(subject?.coefficient ?? 1);
  const [departmentId, setDepartmentId] = useState<string>(
    subject?.department?.id ?? NO_DEPARTMENT,
  );
  const [gradeLevelIds, setGradeLevelIds] = useState<string[]>(
    subject?.gradeLevels.map((g) => g.id) ?? [],
  );

  const showRecord = (record: Subject) => {
    setBase(record);
    setCode(record.code);
    setNames({ km: record.nameKm, en: record.nameEn });
    setType(record.type);
    setMaxScore(record.maxScore);
    setCoefficient(record.coefficient);
    setDepartmentId(record.department?.id ?? NO_DEPARTMENT);
    setGradeLevelIds(record.gradeLevels.map((g) => g.id));
  };

  const save = useMutation({
    mutationFn: () => {
      setReloaded(false);
      const fields = {
        code,
        nameKm: names.km,
        nameEn: names.en,
        type,
        // Empty numbers are sent as they are so the server names the field.
        maxScore: maxScore as number,
        coefficient: coefficient as number,
        departmentId: departmentId === NO_DEPARTMENT ? null : departmentId,
        gradeLevelIds,
      };
      return base
        ? http.patch<SubjectResponse>(apiPath(apiPaths.subject, { id: base.id }), {
            ...fields,
            version: base.version,
          })
        : http.post<SubjectResponse>(apiPaths.subjects, fields);
    },
    onSuccess: async ({ subject: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['subjects'] });
      onSaved(saved);
    },
    onError: async (error) => {
      // Someone else saved it first: show their version; the message stays until the next try.
      if (base && error instanceof ApiError && error.code === 'VERSION_CONFLICT') {
        try {
          const fresh = await http.get<SubjectResponse>(apiPath(apiPaths.subject, { id: base.id }));
          showRecord(fresh.subject);
          setReloaded(true);
        } catch {
          // The message already says to reload; the list is refreshed below.
        }
        await queryClient.invalidateQueries({ queryKey: ['subjects'] });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const nameError = fieldError('nameEn') ?? fieldError('nameKm');
  const anyFieldError =
    nameError ??
    fieldError('code') ??
    fieldError('maxScore') ??
    fieldError('coefficient') ??
    fieldError('departmentId') ??
    fieldError('gradeLevelIds');

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
        <div className={styles.formGrid}>
          <TextField
            label={t('code')}
            description={t('codeHelp')}
            value={code}
            onChange={setCode}
            isRequired
            maxLength={32}
            errorMessage={fieldError('code')}
            isInvalid={!!fieldError('code')}
          />
          <Select<SubjectType>
            label={t('type')}
            value={type}
            onChange={(value) => value && setType(value)}
            options={subjectTypes.map((id) => ({
              id,
              label: pickText(subjectTypeLabels[id], lang),
            }))}
          />
        </div>
        <BilingualTextField
          label={t('name')}
          value={names}
          onChange={setNames}
          name="name"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        <div className={styles.formGrid}>
          <NumberField
            label={t('maxScore')}
            value={maxScore}
            onChange={setMaxScore}
            minValue={1}
            maxValue={1000}
            isRequired
            errorMessage={fieldError('maxScore')}
            isInvalid={!!fieldError('maxScore')}
          />
          <NumberField
            label={t('coefficient')}
            description={t('coefficientHelp')}
            value={coefficient}
            onChange={setCoefficient}
            minValue={0.1}
            maxValue={100}
            step={0.5}
            isRequired
            errorMessage={fieldError('coefficient')}
            isInvalid={!!fieldError('coefficient')}
          />
          <Select<string>
            label={t('department')}
            value={departmentId}
            onChange={(value) => setDepartmentId(value ?? NO_DEPARTMENT)}
            options={departmentOptions}
            errorMessage={fieldError('departmentId')}
            isInvalid={!!fieldError('departmentId')}
          />
        </div>
        <CheckboxGroup
          label={t('gradeLevels')}
          description={t('gradeLevelsHelp')}
          orientation="horizontal"
          options={gradeOptions}
          value={gradeLevelIds}
          onChange={setGradeLevelIds}
          errorMessage={fieldError('gradeLevelIds')}
          isInvalid={!!fieldError('gradeLevelIds')}
        />
        {error && !anyFieldError ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
            {reloaded ? ` ${t('reloaded')}` : ''}
          </div>
        ) : null}
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
