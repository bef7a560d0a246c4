import {
  apiPath,
  apiPaths,
  genders,
  studentStatusLabels,
  studentStatuses,
  type ClassListResponse,
  type Gender,
  type Student,
  type StudentDetailResponse,
  type StudentStatus,
  type StoredFile,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { fieldErrorText, failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import * as styles from './students.css.js';

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

/** Where a stored photo is read from (the browser sends its session cookie). */
export const photoUrl = (fileId: string | null) =>
  fileId ? apiPath(apiPaths.file, { id: fileId }) : null;

interface StudentFormProps {
  /** The student being edited; none: a new one (who may be enrolled in a class at once). */
  student?: Student;
  onSaved: (student: Student) => void;
  onCancel?: () => void;
}

const NONE = 'none';
/** The fields whose refusal is shown under the field itself. */
const fields = [
  'code',
  'nameEn',
  'nameKm',
  'gender',
  'birthDate',
  'birthPlace',
  'photoFileId',
  'address',
  'guardianName',
  'guardianPhone',
  'guardianRelation',
  'status',
  'classId',
] as const;

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
      const detail = await http.get<StudentDetailResponse>(
        apiPath(apiPaths.student, { id: student.id }),
      );
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
  const [code, setCode] = useState(student?.code ?? '');
  const [names, setNames] = useState({ km: student?.nameKm ?? '', en: student?.nameEn ?? '' });
  const [gender, setGender] = useState<Gender | typeof NONE>(student?.gender ?? NONE);
  const [birthDate, setBirthDate] = useState(student?.birthDate ?? '');
  const [birthPlace, setBirthPlace] = useState(student?.birthPlace ?? '');
  const [photoFileId, setPhotoFileId] = useState<string | null>(student?.photoFileId ?? null);
  const [address, setAddress] = useState(student?.address ?? '');
  const [classId, setClassId] = useState<string>(NONE);
  const [guardianName, setGuardianName] = useState(student?.guardianName ?? '');
  const [guardianPhone, setGuardianPhone] = useState<string | null>(student?.guardianPhone ?? null);
  const [guardianRelation, setGuardianRelation] = useState(student?.guardianRelation ?? '');
  const [status, setStatus] = useState<StudentStatus>(student?.status ?? 'studying');

  const photo = useMutation({
    mutationFn: async (blob: Blob | null) => {
      if (!blob) return null;
      const { file } = await http.upload<{ file: StoredFile }>(
        apiPaths.uploadStudentPhoto,
        blob,
        'student-photo',
      );
      return file.id;
    },
    onSuccess: (id) => setPhotoFileId(id),
  });

  const save = useMutation({
    mutationFn: () => {
      const values = {
        nameKm: names.km,
        nameEn: names.en,
        gender: gender === NONE ? null : gender,
        birthDate: birthDate || null,
        birthPlace,
        photoFileId,
        address,
        guardianName,
        guardianPhone,
        guardianRelation,
        status,
      };
      return student
        ? http.patch<StudentResponse>(apiPath(apiPaths.student, { id: student.id }), {
            ...values,
            version: student.version,
          })
        : http.post<StudentResponse>(apiPaths.students, {
            ...values,
            ...(code.trim() ? { code: code.trim() } : {}),
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
  const conflict = error instanceof ApiError && error.code === 'VERSION_CONFLICT';
  const fieldError = (field: (typeof fields)[number]) => fieldErrorText(error, field, lang);
  const text = (field: (typeof fields)[number]) => {
    const message = fieldError(field);
    return message ? { errorMessage: message, isInvalid: true } : {};
  };
  const nameError = fieldError('nameEn') ?? fieldError('nameKm');
  const known = fields.some((field) => fieldError(field));

  return (
    <form onSubmit={onSubmit} aria-label={student ? t('editTitle') : t('createTitle')} noValidate>
      <Stack gap="large">
        <div className={styles.formTop}>
          <Stack gap="small" className={styles.photoField}>
            <ImageUpload
              label={t('photo')}
              aspect={3 / 4}
              outputSize={600}
              imageUrl={photoUrl(photoFileId)}
              onChange={(blob) => {
                if (!blob) setPhotoFileId(null);
                photo.mutate(blob);
              }}
              isDisabled={photo.isPending}
            />
            {photo.isPending ? (
              <span role="status" className={styles.muted}>
                {t('photoUploading')}
              </span>
            ) : null}
            {photo.error || fieldError('photoFileId') ? (
              <div role="alert" className={records.formError}>
                {fieldError('photoFileId') ?? failureText(photo.error, lang, t)}
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
                label={t('code')}
                value={code}
                onChange={setCode}
                maxLength={30}
                description={t('codeHelp')}
                {...text('code')}
              />
            )}
            <BilingualTextField
              label={t('name')}
              value={names}
              onChange={setNames}
              name="name"
              {...(nameError ? { errorMessage: nameError } : {})}
            />
            <div className={records.formGrid}>
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
            </div>
          </Stack>
        </div>
        <div className={records.formGrid}>
          <TextField
            label={t('birthDate')}
            type="date"
            value={birthDate}
            onChange={setBirthDate}
            {...text('birthDate')}
          />
          <TextField
            label={t('birthPlace')}
            value={birthPlace}
            onChange={setBirthPlace}
            maxLength={200}
            {...text('birthPlace')}
          />
        </div>
        <TextArea
          label={t('address')}
          value={address}
          onChange={setAddress}
          maxLength={500}
          rows={2}
          {...text('address')}
        />
        <Stack gap="small">
          <Heading level={3}>{t('guardianSection')}</Heading>
          <div className={records.formGrid}>
            <TextField
              label={t('guardian')}
              value={guardianName}
              onChange={setGuardianName}
              maxLength={200}
              {...text('guardianName')}
            />
            <TextField
              label={t('guardianRelation')}
              value={guardianRelation}
              onChange={setGuardianRelation}
              maxLength={50}
              description={t('guardianRelationHelp')}
              {...text('guardianRelation')}
            />
            <PhoneInput
              label={t('guardianPhone')}
              value={guardianPhone}
              onChange={(e164) => setGuardianPhone(e164)}
              errorMessage={fieldError('guardianPhone')}
            />
            {student ? null : (
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
          </div>
        </Stack>
        {error && conflict ? (
          <div role="alert" className={records.formError}>
            <Stack gap="small">
              <strong>{t('conflictTitle')}</strong>
              <span>{failureText(error, lang, t)}</span>
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
        ) : error && !known ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
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
