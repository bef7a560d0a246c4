import {
  apiPath,
  apiPaths,
  sessionsOfDay,
  type AcademicYearListResponse,
  type GradeLevelListResponse,
  type SchoolClass,
  type SessionOfDay,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
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
import { useHttp } from '../../api/ServicesProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { fieldErrorText, failureText } from '../../records/errors.js';
import * as styles from '../../records/records.css.js';

interface ClassResponse {
  schoolClass: SchoolClass;
}

interface ClassFormProps {
  /** The class being edited; none: a new one. */
  schoolClass?: SchoolClass;
  onSaved: (schoolClass: SchoolClass) => void;
  onCancel?: () => void;
}

/** The grade levels of the school, for pickers and filters. */
export function useGradeLevels() {
  const http = useHttp();
  return useQuery({
    queryKey: ['grade-levels'],
    queryFn: () => http.get<GradeLevelListResponse>(apiPaths.gradeLevels),
    staleTime: 60_000,
  });
}

/** Year (new classes only), grade, section, names, homeroom teacher, room, session, capacity. */
export function ClassForm({ schoolClass, onSaved, onCancel }: ClassFormProps) {
  const { t, i18n } = useTranslation('classes');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const grades = useGradeLevels();
  const years = useQuery({
    queryKey: ['academic-years'],
    queryFn: () => http.get<AcademicYearListResponse>(apiPaths.academicYears),
    enabled: !schoolClass,
  });
  const [yearId, setYearId] = useState<string | null>(schoolClass?.yearId ?? null);
  const [gradeId, setGradeId] = useState<string | null>(schoolClass?.gradeLevel.id ?? null);
  const [section, setSection] = useState(schoolClass?.section ?? '');
  const [names, setNames] = useState({
    km: schoolClass?.nameKm ?? '',
    en: schoolClass?.nameEn ?? '',
  });
  const [homeroomId, setHomeroomId] = useState<string | null>(
    schoolClass?.homeroomTeacher?.id ?? null,
  );
  const [room, setRoom] = useState(schoolClass?.room ?? '');
  const [session, setSession] = useState<SessionOfDay>(schoolClass?.session ?? 'morning');
  const [capacity, setCapacity] = useState<number | null>(schoolClass?.capacity ?? null);
  const chosenYear = yearId ?? years.data?.items.find((y) => y.isCurrent)?.id ?? null;

  const save = useMutation({
    mutationFn: () => {
      const fields = {
        gradeLevelId: gradeId ?? '',
        section,
        nameKm: names.km,
        nameEn: names.en,
        homeroomEmployeeId: homeroomId,
        room,
        session,
        capacity,
      };
      return schoolClass
        ? http.patch<ClassResponse>(apiPath(apiPaths.schoolClass, { id: schoolClass.id }), {
            ...fields,
            version: schoolClass.version,
          })
        : http.post<ClassResponse>(apiPaths.classes, { ...fields, yearId: chosenYear ?? '' });
    },
    onSuccess: async ({ schoolClass: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['classes'] });
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
  const known = [
    'yearId',
    'gradeLevelId',
    'section',
    'nameEn',
    'nameKm',
    'homeroomEmployeeId',
    'room',
    'session',
    'capacity',
  ].some((field) => fieldError(field));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={schoolClass ? t('editTitle') : t('createTitle')}
      noValidate
    >
      <Stack gap="medium">
        <div className={styles.formGrid}>
          {schoolClass ? null : (
            <Select<string>
              label={t('year')}
              options={(years.data?.items ?? []).map((y) => ({ id: y.id, label: y.name }))}
              value={chosenYear}
              onChange={(id) => setYearId(id ?? null)}
              isRequired
              errorMessage={fieldError('yearId')}
            />
          )}
          <Select<string>
            label={t('grade')}
            options={(grades.data?.items ?? []).map((g) => ({
              id: g.id,
              label: pickText({ km: g.nameKm, en: g.nameEn }, lang),
            }))}
            value={gradeId}
            onChange={(id) => setGradeId(id ?? null)}
            isRequired
            errorMessage={fieldError('gradeLevelId')}
          />
          <TextField
            label={t('section')}
            description={t('sectionHelp')}
            value={section}
            onChange={setSection}
            isRequired
            maxLength={20}
            errorMessage={fieldError('section')}
            isInvalid={!!fieldError('section')}
          />
          <EmployeePicker
            label={t('homeroom')}
            value={homeroomId}
            {...(schoolClass?.homeroomTeacher
              ? {
                  initialLabel: pickText(
                    {
                      km: schoolClass.homeroomTeacher.nameKm,
                      en: schoolClass.homeroomTeacher.nameEn,
                    },
                    lang,
                  ),
                }
              : {})}
            onChange={setHomeroomId}
            errorMessage={fieldError('homeroomEmployeeId')}
          />
          <TextField
            label={t('room')}
            value={room}
            onChange={setRoom}
            maxLength={50}
            errorMessage={fieldError('room')}
            isInvalid={!!fieldError('room')}
          />
          <Select<SessionOfDay>
            label={t('session')}
            options={sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) }))}
            value={session}
            onChange={(value) => value && setSession(value)}
            errorMessage={fieldError('session')}
          />
          <NumberField
            label={t('capacity')}
            description={t('capacityHelp')}
            value={capacity}
            onChange={setCapacity}
            minValue={1}
            maxValue={500}
            errorMessage={fieldError('capacity')}
          />
        </div>
        <BilingualTextField
          label={t('names')}
          description={t('namesHelp')}
          value={names}
          onChange={setNames}
          name="name"
          {...(nameError ? { errorMessage: nameError } : {})}
        />
        {error && !known ? (
          <div role="alert" className={styles.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {schoolClass ? t('save') : t('create')}
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
