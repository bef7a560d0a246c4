import {
  apiPath,
  apiPaths,
  genders,
  studentStatusLabels,
  studentStatuses,
  type ClassListResponse,
  type Gender,
  type Student,
  type StudentStatus,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  Inline,
  PhoneInput,
  Select,
  Stack,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { fieldErrorText, failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';

interface StudentResponse {
  student: Student;
}

/** The current year's classes, for pickers and filters. */
export function useYearClasses() {
  const http = useHttp();
  return useQuery({
    queryKey: ['classes', { pageSize: 200 }],
    queryFn: () => http.get<ClassListResponse>(apiPaths.classes, { pageSize: 200 }),
    staleTime: 60_000,
  });
}

interface StudentFormProps {
  /** The student being edited; none: a new one (who may be enrolled in a class at once). */
  student?: Student;
  onSaved: (student: Student) => void;
  onCancel?: () => void;
}

const NONE = 'none';

/** Names, gender, guardian and status; a new student may be enrolled in a class at once. */
export function StudentForm({ student, onSaved, onCancel }: StudentFormProps) {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const classes = useYearClasses();
  const [names, setNames] = useState({ km: student?.nameKm ?? '', en: student?.nameEn ?? '' });
  const [gender, setGender] = useState<Gender | typeof NONE>(student?.gender ?? NONE);
  const [classId, setClassId] = useState<string>(NONE);
  const [guardianName, setGuardianName] = useState(student?.guardianName ?? '');
  const [guardianPhone, setGuardianPhone] = useState<string | null>(student?.guardianPhone ?? null);
  const [status, setStatus] = useState<StudentStatus>(student?.status ?? 'studying');

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        nameKm: names.km,
        nameEn: names.en,
        gender: gender === NONE ? null : gender,
        guardianName,
        guardianPhone,
        status,
      };
      return student
        ? http.patch<StudentResponse>(apiPath(apiPaths.student, { id: student.id }), {
            ...fields,
            version: student.version,
          })
        : http.post<StudentResponse>(apiPaths.students, {
            ...fields,
            ...(classId === NONE ? {} : { classId }),
          });
    },
    onSuccess: async ({ student: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      onSaved(saved);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const nameError = fieldError('nameEn') ?? fieldError('nameKm');
  const known = ['nameEn', 'nameKm', 'gender', 'classId', 'guardianName', 'guardianPhone'].some(
    (field) => fieldError(field),
  );

  return (
    <form onSubmit={onSubmit} aria-label={student ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="medium">
        <BilingualTextField
          label={t('name')}
          value={names}
          onChange={setNames}
          name="name"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        <div className={styles.formGrid}>
          <Select<Gender | typeof NONE>
            label={t('gender')}
            options={[
              { id: NONE, label: t('notSaid') },
              ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
            ]}
            value={gender}
            onChange={(value) => setGender(value ?? NONE)}
            errorMessage={fieldError('gender')}
          />
          {student ? (
            <Select<StudentStatus>
              label={t('status')}
              options={studentStatuses.map((s) => ({
                id: s,
                label: pickText(studentStatusLabels[s], lang),
              }))}
              value={status}
              onChange={(value) => value && setStatus(value)}
              errorMessage={fieldError('status')}
            />
          ) : (
            <Select<string>
              label={t('enrolIn')}
              options={[
                { id: NONE, label: t('noClass') },
                ...(classes.data?.items ?? []).map((c) => ({
                  id: c.id,
                  label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
                })),
              ]}
              value={classId}
              onChange={(value) => setClassId(value ?? NONE)}
              errorMessage={fieldError('classId')}
            />
          )}
          <TextField
            label={t('guardian')}
            value={guardianName}
            onChange={setGuardianName}
            maxLength={200}
            errorMessage={fieldError('guardianName')}
            isInvalid={!!fieldError('guardianName')}
          />
          <PhoneInput
            label={t('guardianPhone')}
            value={guardianPhone}
            onChange={(e164) => setGuardianPhone(e164)}
            errorMessage={fieldError('guardianPhone')}
          />
        </div>
        {error && !known ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {student ? t('save') : t('create')}
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
