import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateLeaveRequest,
  createLeaveRequestSchema,
  type SessionOfDay,
  sessionsOfDay,
} from '@sala/contract';
import {
  Button,
  ComboBox,
  ErrorSummary,
  Inline,
  Select,
  Stack,
  TextArea,
  TextField,
  pickText,
  useToast,
  type FieldOption,
} from '@sala/ui';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useContractForm } from '../../forms/useContractForm.js';
import * as records from '../../records/records.css.js';
import { todayIso } from '../teaching/teachingData.js';

const ALL = 'all';

/** A student studying now, searched on the server by code or name in either script. */
function StudentPicker({
  name,
  value,
  onChange,
  errorMessage,
}: {
  name: string;
  value: string | null;
  onChange: (id: string | null) => void;
  errorMessage?: string | undefined;
}) {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const http = useHttp();
  const loadOptions = useCallback(
    async (query: string, signal: AbortSignal): Promise<FieldOption<string>[]> => {
      const page = await http.call(
        'getStudents',
        { query: { search: query || undefined, pageSize: 20, status: 'studying' } },
        { signal },
      );
      return page.items.map((s) => ({
        id: s.id,
        label: pickText({ km: s.nameKm, en: s.nameEn }, lang),
        description: [
          s.code,
          s.currentClass
            ? pickText({ km: s.currentClass.nameKm, en: s.currentClass.nameEn }, lang)
            : '',
        ]
          .filter(Boolean)
          .join(' · '),
      }));
    },
    [http, lang],
  );
  return (
    <ComboBox<string>
      label={t('leave.student')}
      name={name}
      description={t('leave.studentHelp')}
      value={value}
      onChange={(id) => onChange(id ?? null)}
      errorMessage={errorMessage}
      isRequired
      loadOptions={loadOptions}
    />
  );
}

/** Records a leave ahead: the student, the days, one shift or all of them, and why. */
export function LeaveForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const f = useContractForm({
    schema: createLeaveRequestSchema,
    defaultValues: {
      studentId: '',
      fromDate: todayIso(),
      toDate: todayIso(),
      session: null,
      reason: '',
    },
  });

  const save = useMutation({
    mutationFn: (body: CreateLeaveRequest) => http.call('postAttendanceLeave', { body }),
    onSuccess: async ({ leave }) => {
      toast.success(
        t('leave.created', {
          name: pickText({ km: leave.student.nameKm, en: leave.student.nameEn }, lang),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['attendance', 'leave'] });
      onDone();
    },
  });
  const onSubmit = f.submit((data) => save.mutateAsync(data));
  const sessionOptions = [
    { id: ALL, label: t('leave.allSessions') },
    ...sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) })),
  ];
  const student = f.value<string>('studentId', t('leave.student'));
  const session = f.value<SessionOfDay | null>('session', t('leave.session'));

  return (
    <form onSubmit={onSubmit} aria-label={t('leave.createTitle')} noValidate>
      <Stack gap="medium">
        <ErrorSummary {...f.summary} />
        <StudentPicker
          name={student.name}
          value={student.value || null}
          onChange={(id) => student.onChange(id ?? '')}
          {...(student.errorMessage ? { errorMessage: student.errorMessage } : {})}
        />
        <div className={records.formGrid}>
          <TextField {...f.text('fromDate', t('leave.from'))} type="date" isRequired />
          <TextField {...f.text('toDate', t('leave.to'))} type="date" isRequired />
        </div>
        <Select<string>
          {...session}
          options={sessionOptions}
          value={session.value ?? ALL}
          onChange={(value) =>
            session.onChange(!value || value === ALL ? null : (value as SessionOfDay))
          }
        />
        <TextArea {...f.text('reason', t('leave.reason'))} rows={2} isRequired />
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {t('leave.save')}
          </Button>
          <Button variant="secondary" onPress={onDone}>
            {t('leave.cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
