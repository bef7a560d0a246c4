import {
  genders,
  studentStatusLabels,
  studentStatuses,
  type Gender,
  createStudentRequestSchema,
  type CreateStudentRequest,
  type Student,
  type StudentStatus,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  ErrorSummary,
  Heading,
  ImageUpload,
  Inline,
  PhoneInput,
  Select,
  Stack,
  TextArea,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import * as styles from './students.css.js';

/** The current year's classes, for pickers and filters. */
export function useYearClasses() {
  const http = useHttp();
  return useQuery({
    queryKey: ['classes', { pageSize: 200 }],
    queryFn: () => http.call('getClasses', { query: { pageSize: 200 } }),
    staleTime: 60_000,
  });
}

/** Where a stored photo is read from (the browser sends its session cookie). */
export function usePhotoUrl(): (fileId: string | null) => string | null {
  const http = useHttp();
  return (fileId) => (fileId ? http.url('getFile', { params: { id: fileId } }) : null);
}

interface StudentFormProps {
  /** The student being edited; none: a new one (who may be enrolled in a class at once). */
  student?: Student;
  onSaved: (student: Student) => void;
  onCancel?: () => void;
}

const NONE = 'none';

/**
 * Every field of a student: code (generated when left blank), names, gender, birth, photo,
 * address, guardian and status; a new student may be enrolled in a class at once. When someone
 * else saved the student meanwhile, the form says so and offers to load their version.
 */
export function StudentForm({ student, onSaved, onCancel }: StudentFormProps) {
  const http = useHttp();
  const [current, setCurrent] = useState(student);
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    if (!student) return;
    setReloading(true);
    try {
      const detail = await http.call('getStudent', { params: { id: student.id } });
      setCurrent(detail.student);
    } finally {
      setReloading(false);
    }
  };
  return (
    <StudentFields
      // A reloaded student starts the form again from what is stored now.
      key={current ? `${current.id}:${current.version}` : 'new'}
      {...(current ? { student: current } : {})}
      onSaved={onSaved}
      {...(onCancel ? { onCancel } : {})}
      onReload={() => void reload()}
      reloading={reloading}
    />
  );
}

function StudentFields({
  student,
  onSaved,
  onCancel,
  onReload,
  reloading,
}: StudentFormProps & { onReload: () => void; reloading: boolean }) {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const classes = useYearClasses();
  const photoUrl = usePhotoUrl();
  const f = useContractForm({
    // The create request's check: an edit sends the same fields (the code stays as it is).
    schema: createStudentRequestSchema,
    defaultValues: {
      nameKm: student?.nameKm ?? '',
      nameEn: student?.nameEn ?? '',
      gender: student?.gender ?? null,
      birthDate: student?.birthDate ?? null,
      birthPlace: student?.birthPlace ?? '',
      photoFileId: student?.photoFileId ?? null,
      address: student?.address ?? '',
      guardianName: student?.guardianName ?? '',
      guardianPhone: student?.guardianPhone ?? null,
      guardianRelation: student?.guardianRelation ?? '',
      status: student?.status ?? 'studying',
    },
  });
  const [conflict, setConflict] = useState<ApiError | null>(null);

  const photo = useMutation({
    mutationFn: async (blob: Blob | null) => {
      if (!blob) return null;
      const { file } = await http.uploadTo('postUploadStudentPhoto', blob, 'student-photo');
      return file.id;
    },
    onSuccess: (id) => f.form.setValue('photoFileId', id, { shouldDirty: true }),
  });

  const save = useMutation({
    mutationFn: ({ code, classId, startDate: _startDate, ...values }: CreateStudentRequest) =>
      student
        ? http.call('patchStudent', {
            params: { id: student.id },
            body: { ...values, version: student.version },
          })
        : http.call('postStudents', {
            body: { ...values, ...(code ? { code } : {}), ...(classId ? { classId } : {}) },
          }),
    onSuccess: async ({ student: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      onSaved(saved);
    },
  });

  const onSubmit = f.submit(async (data) => {
    setConflict(null);
    try {
      await save.mutateAsync(data);
    } catch (error) {
      // Someone else saved the student meanwhile: said below, with their version to load.
      if (error instanceof ApiError && error.code === 'VERSION_CONFLICT') setConflict(error);
      else throw error;
    }
  });

  const code = f.text('code', t('code'));
  const birthDate = f.text('birthDate', t('birthDate'));
  const gender = f.value<Gender | null>('gender', t('gender'));
  const status = f.value<StudentStatus>('status', t('status'));
  const phone = f.value<string | null>('guardianPhone', t('guardianPhone'));
  const classId = f.value<string | undefined>('classId', t('enrolIn'));
  const photoField = f.value<string | null>('photoFileId', t('photo'));
  const photoFileId = photoField.value;

  return (
    <form onSubmit={onSubmit} aria-label={student ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="large">
        <ErrorSummary {...f.summary} />
        <div className={styles.formTop}>
          <Stack gap="small" className={styles.photoField}>
            <ImageUpload
              label={t('photo')}
              aspect={3 / 4}
              outputSize={600}
              imageUrl={photoUrl(photoFileId)}
              onChange={(blob) => {
                if (!blob) photoField.onChange(null);
                photo.mutate(blob);
              }}
              isDisabled={photo.isPending}
            />
            {photo.isPending ? (
              <span role="status" className={styles.muted}>
                {t('photoUploading')}
              </span>
            ) : null}
            {photo.error || photoField.errorMessage ? (
              <div role="alert" className={records.formError}>
                {photoField.errorMessage ?? failureText(photo.error, lang, t)}
              </div>
            ) : null}
          </Stack>
          <Stack gap="medium" className={styles.grow}>
            {student ? (
              <TextField
                label={t('code')}
                value={student.code}
                isReadOnly
                description={t('codeFixed')}
              />
            ) : (
              <TextField
                {...code}
                // Left blank, the school's next code is given.
                onChange={(next) => code.onChange((next.trim() || undefined) as string)}
                maxLength={30}
                description={t('codeHelp')}
              />
            )}
            <BilingualTextField {...f.bilingual('nameKm', 'nameEn', t('name'))} />
            <div className={records.formGrid}>
              <Select<Gender | typeof NONE>
                {...gender}
                options={[
                  { id: NONE, label: t('notSaid') },
                  ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
                ]}
                value={gender.value ?? NONE}
                onChange={(value) => gender.onChange(value === NONE || !value ? null : value)}
              />
              <Select<StudentStatus>
                {...status}
                options={studentStatuses.map((s) => ({
                  id: s,
                  label: pickText(studentStatusLabels[s], lang),
                }))}
                onChange={(value) => value && status.onChange(value)}
              />
            </div>
          </Stack>
        </div>
        <div className={records.formGrid}>
          <TextField
            {...birthDate}
            type="date"
            onChange={(next) => birthDate.onChange((next || null) as string)}
          />
          <TextField {...f.text('birthPlace', t('birthPlace'))} maxLength={200} />
        </div>
        <TextArea {...f.text('address', t('address'))} maxLength={500} rows={2} />
        <Stack gap="small">
          <Heading level={3}>{t('guardianSection')}</Heading>
          <div className={records.formGrid}>
            <TextField {...f.text('guardianName', t('guardian'))} maxLength={200} />
            <TextField
              {...f.text('guardianRelation', t('guardianRelation'))}
              maxLength={50}
              description={t('guardianRelationHelp')}
            />
            <PhoneInput {...phone} onChange={(e164) => phone.onChange(e164)} />
            {student ? null : (
              <Select<string>
                {...classId}
                options={[
                  { id: NONE, label: t('noClass') },
                  ...(classes.data?.items ?? []).map((c) => ({
                    id: c.id,
                    label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
                  })),
                ]}
                value={classId.value ?? NONE}
                onChange={(value) => classId.onChange(value === NONE || !value ? undefined : value)}
              />
            )}
          </div>
        </Stack>
        {conflict ? (
          <div role="alert" className={records.formError}>
            <Stack gap="small">
              <strong>{t('conflictTitle')}</strong>
              <span>{failureText(conflict, lang, t)}</span>
              <Button
                variant="secondary"
                onPress={onReload}
                isPending={reloading}
                className={styles.start}
              >
                <RefreshCw size={16} aria-hidden="true" />
                {t('reloadLatest')}
              </Button>
            </Stack>
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending} isDisabled={photo.isPending}>
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
