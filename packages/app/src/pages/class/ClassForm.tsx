import {
  type CreateClassRequest,
  createClassRequestSchema,
  type SchoolClass,
  type SessionOfDay,
  sessionsOfDay,
} from '@sala/contract';
import {
  BilingualTextField,
  Button,
  ErrorSummary,
  Inline,
  NumberField,
  Select,
  Stack,
  TextField,
  pickText,
} from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { useContractForm } from '../../forms/useContractForm.js';
import * as styles from '../../records/records.css.js';

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
    queryFn: () => http.call('getGradeLevels'),
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
    queryFn: () => http.call('getAcademicYears'),
    enabled: !schoolClass,
  });
  const f = useContractForm({
    schema: createClassRequestSchema,
    defaultValues: {
      yearId: schoolClass?.yearId ?? '',
      gradeLevelId: schoolClass?.gradeLevel.id ?? '',
      section: schoolClass?.section ?? '',
      nameKm: schoolClass?.nameKm ?? '',
      nameEn: schoolClass?.nameEn ?? '',
      homeroomEmployeeId: schoolClass?.homeroomTeacher?.id ?? null,
      room: schoolClass?.room ?? '',
      session: schoolClass?.session ?? 'morning',
      capacity: schoolClass?.capacity ?? null,
    },
  });
  const year = f.value<string>('yearId', t('year'));
  const currentYear = years.data?.items.find((y) => y.isCurrent)?.id;
  // A new class goes into the current year unless another is chosen.
  useEffect(() => {
    if (!schoolClass && currentYear && !f.form.getValues('yearId')) {
      f.form.setValue('yearId', currentYear);
    }
  }, [currentYear, schoolClass, f.form]);

  const save = useMutation({
    mutationFn: ({ yearId, ...fields }: CreateClassRequest) =>
      schoolClass
        ? http.call('patchSchoolClass', {
            params: { id: schoolClass.id },
            body: {
              ...fields,
              version: schoolClass.version,
            },
          })
        : http.call('postClasses', { body: { ...fields, yearId } }),
    onSuccess: async ({ schoolClass: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['classes'] });
      onSaved(saved);
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));
  const grade = f.value<string>('gradeLevelId', t('grade'));
  const homeroom = f.value<string | null>('homeroomEmployeeId', t('homeroom'));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={schoolClass ? t('editTitle') : t('createTitle')}
      noValidate
    >
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <div className={styles.formGrid}>
          {schoolClass ? null : (
            <Select<string>
              {...year}
              value={year.value || null}
              options={(years.data?.items ?? []).map((y) => ({ id: y.id, label: y.name }))}
            />
          )}
          <Select<string>
            {...grade}
            value={grade.value || null}
            options={(grades.data?.items ?? []).map((g) => ({
              id: g.id,
              label: pickText({ km: g.nameKm, en: g.nameEn }, lang),
            }))}
          />
          <TextField
            {...f.text('section', t('section'))}
            description={t('sectionHelp')}
            isRequired
          />
          <EmployeePicker
            {...homeroom}
            label={t('homeroom')}
            value={homeroom.value ?? null}
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
          />
          <TextField {...f.text('room', t('room'))} />
          <Select<SessionOfDay>
            {...f.value<SessionOfDay>('session', t('session'))}
            options={sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) }))}
          />
          <NumberField
            {...f.number('capacity', t('capacity'))}
            description={t('capacityHelp')}
            minValue={1}
            maxValue={500}
          />
        </div>
        <BilingualTextField
          {...f.bilingual('nameKm', 'nameEn', t('names'))}
          description={t('namesHelp')}
        />
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
