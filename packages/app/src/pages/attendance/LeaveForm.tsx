import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  sessionsOfDay,
  type CreateLeaveRequest,
  type LeaveRequest,
  type SessionOfDay,
  type StudentListResponse,
} from '@sala/contract';
import {
  Button,
  ComboBox,
  Inline,
  Select,
  Stack,
  TextArea,
  TextField,
  pickText,
  useToast,
  type FieldOption,
} from '@sala/ui';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { todayIso } from '../teaching/teachingData.js';

const ALL = 'all';

/** A student studying now, searched on the server by code or name in either script. */
function StudentPicker({
  value,
  onChange,
  errorMessage,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  errorMessage: string | undefined;
}) {
  const { t, i18n } = useTranslation('attendanceViews');
  const lang = i18n.language;
  const http = useHttp();
  const loadOptions = useCallback(
    async (query: string, signal: AbortSignal): Promise<FieldOption<string>[]> => {
      const page = await http.get<StudentListResponse>(
        apiPaths.students,
        { search: query || undefined, pageSize: 20, status: 'studying' },
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
  const [studentId, setStudentId] = useState<string | null>(null);
  const [fromDate, setFromDate] = useState(todayIso());
  const [toDate, setToDate] = useState(todayIso());
  const [session, setSession] = useState<string>(ALL);
  const [reason, setReason] = useState('');

  const save = useMutation({
    mutationFn: () => {
      const body: CreateLeaveRequest = {
        studentId: studentId!,
        fromDate,
        toDate,
        session: session === ALL ? null : (session as SessionOfDay),
        reason,
      };
      return http.post<{ leave: LeaveRequest }>(apiPaths.attendanceLeave, body);
    },
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const fields = ['studentId', 'fromDate', 'toDate', 'session', 'reason'];
  const anyFieldError = fields.some((f) => fieldError(f));
  const sessionOptions = [
    { id: ALL, label: t('leave.allSessions') },
    ...sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) })),
  ];

  return (
    <form onSubmit={onSubmit} aria-label={t('leave.createTitle')} noValidate>
      <Stack gap="medium">
        <StudentPicker
          value={studentId}
          onChange={setStudentId}
          errorMessage={fieldError('studentId')}
        />
        <div className={records.formGrid}>
          <TextField
            label={t('leave.from')}
            type="date"
            value={fromDate}
            onChange={setFromDate}
            isRequired
            errorMessage={fieldError('fromDate')}
            isInvalid={!!fieldError('fromDate')}
          />
          <TextField
            label={t('leave.to')}
            type="date"
            value={toDate}
            onChange={setToDate}
            isRequired
            errorMessage={fieldError('toDate')}
            isInvalid={!!fieldError('toDate')}
          />
        </div>
        <Select<string>
          label={t('leave.session')}
          options={sessionOptions}
          value={session}
          onChange={(value) => setSession(value ?? ALL)}
          errorMessage={fieldError('session')}
          isInvalid={!!fieldError('session')}
        />
        <TextArea
          label={t('leave.reason')}
          value={reason}
          onChange={setReason}
          maxLength={300}
          rows={2}
          isRequired
          errorMessage={fieldError('reason')}
          isInvalid={!!fieldError('reason')}
        />
        {error && !anyFieldError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button
            type="submit"
            isPending={save.isPending}
            isDisabled={!studentId || !reason.trim()}
          >
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
