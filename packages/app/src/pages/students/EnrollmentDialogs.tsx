import {
  type EndEnrollmentRequest,
  type Enrollment,
  type EnrollRequest,
  type Student,
  type StudentDetailResponse,
} from '@sala/contract';
import { Button, Dialog, Inline, Select, Stack, Text, TextField, pickText } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { useYearClasses } from './StudentForm.js';
import { dayAfter, todayInCambodia } from './studentShared.js';

/** What the manager is doing to the student's class. */
export type EnrollmentAction =
  { kind: 'transfer'; open: Enrollment } | { kind: 'enrol' } | { kind: 'end'; open: Enrollment };

interface Props {
  student: Student;
  action: EnrollmentAction | null;
  onClose: () => void;
  onDone: (detail: StudentDetailResponse, action: EnrollmentAction) => void;
}

/** The dialog of the action chosen on the detail page: transfer, enrol or end the enrollment. */
export function EnrollmentDialog({ student, action, onClose, onDone }: Props) {
  const { t } = useTranslation('students');
  const title =
    action?.kind === 'transfer'
      ? t('transferTitle')
      : action?.kind === 'end'
        ? t('endTitle')
        : t('enrolTitle');
  return (
    <Dialog isOpen={action !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {action?.kind === 'end' ? (
        <EndForm
          student={student}
          open={action.open}
          onCancel={onClose}
          onDone={(detail) => onDone(detail, action)}
        />
      ) : action ? (
        <MoveForm
          student={student}
          {...(action.kind === 'transfer' ? { open: action.open } : {})}
          onCancel={onClose}
          onDone={(detail) => onDone(detail, action)}
        />
      ) : null}
    </Dialog>
  );
}

/** Puts the student in a class of this year; with `open`, moves them from it (a transfer). */
function MoveForm({
  student,
  open,
  onCancel,
  onDone,
}: {
  student: Student;
  open?: Enrollment;
  onCancel: () => void;
  onDone: (detail: StudentDetailResponse) => void;
}) {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const classes = useYearClasses();
  const today = todayInCambodia();
  // A transfer starts after the current class began; the first day in the new class is today.
  const earliest = open ? dayAfter(open.startDate) : '';
  const [classId, setClassId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(open && today < earliest ? earliest : today);
  const choices = (classes.data?.items ?? []).filter(
    (c) => (!open || c.yearId === open.yearId) && c.id !== open?.schoolClass.id,
  );

  const save = useMutation({
    mutationFn: () => {
      const body: EnrollRequest = { classId: classId ?? '', startDate, transfer: !!open };
      return http.call('postStudentEnrollments', { params: { id: student.id }, body });
    },
    onSuccess: async (detail) => {
      // The answer is the student as stored now: only the lists need asking again.
      queryClient.setQueryData(['students', 'one', student.id], detail);
      await queryClient.invalidateQueries({
        queryKey: ['students'],
        predicate: (query) => query.queryKey[1] !== 'one',
      });
      await queryClient.invalidateQueries({ queryKey: ['classes'] });
      onDone(detail);
    },
  });
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!classId) return setMissing(true);
    save.mutate();
  };
  const error = save.error;
  const classError =
    fieldErrorText(error, 'classId', lang) ?? (missing && !classId ? t('pickClass') : undefined);
  const dateError = fieldErrorText(error, 'startDate', lang)
    ? open
      ? t('transferDateInvalid')
      : t('startDateInvalid')
    : undefined;
  const general = error && !classError && !dateError ? failureText(error, lang, t) : null;

  return (
    <form onSubmit={onSubmit} aria-label={open ? t('transferTitle') : t('enrolTitle')} noValidate>
      <Stack gap="medium">
        {open ? (
          <Text tone="muted">
            {t('transferHelp', {
              name: pickText({ km: student.nameKm, en: student.nameEn }, lang),
              from: pickText({ km: open.schoolClass.nameKm, en: open.schoolClass.nameEn }, lang),
            })}
          </Text>
        ) : null}
        <Select<string>
          label={open ? t('transferTo') : t('enrolIn')}
          options={choices.map((c) => ({
            id: c.id,
            label: pickText({ km: c.nameKm, en: c.nameEn }, lang),
          }))}
          value={classId}
          onChange={(value) => setClassId(value)}
          // The classes arrive after the dialog opens: until then there is nothing to pick.
          isDisabled={!classes.data}
          errorMessage={classError}
          placeholder={t('pickClass')}
        />
        {classes.data && choices.length === 0 ? (
          <Text tone="muted">{t('noOtherClass')}</Text>
        ) : null}
        <TextField
          label={open ? t('transferDate') : t('startDate')}
          type="date"
          value={startDate}
          onChange={setStartDate}
          description={open ? t('transferDateHelp') : undefined}
          {...(dateError ? { errorMessage: dateError, isInvalid: true } : {})}
        />
        {general ? (
          <div role="alert" className={records.formError}>
            {general}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending}>
            {open ? t('transfer') : t('enrol')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}

const endReasons = ['left', 'transferred', 'dropped_out', 'graduated'] as const;
type EndReason = EndEnrollmentRequest['reason'];

/** Ends the student's place in their class: the last day and why they leave. */
function EndForm({
  student,
  open,
  onCancel,
  onDone,
}: {
  student: Student;
  open: Enrollment;
  onCancel: () => void;
  onDone: (detail: StudentDetailResponse) => void;
}) {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const http = useHttp();
  const queryClient = useQueryClient();
  const [endDate, setEndDate] = useState(todayInCambodia());
  const [reason, setReason] = useState<EndReason>('left');

  const save = useMutation({
    mutationFn: () => {
      const body: EndEnrollmentRequest = { yearId: open.yearId, endDate, reason };
      return http.call('postStudentEnrollmentEnd', { params: { id: student.id }, body });
    },
    onSuccess: async (detail) => {
      // The answer is the student as stored now: only the lists need asking again.
      queryClient.setQueryData(['students', 'one', student.id], detail);
      await queryClient.invalidateQueries({
        queryKey: ['students'],
        predicate: (query) => query.queryKey[1] !== 'one',
      });
      await queryClient.invalidateQueries({ queryKey: ['classes'] });
      onDone(detail);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const dateError = fieldErrorText(error, 'endDate', lang) ? t('endDateInvalid') : undefined;

  return (
    <form onSubmit={onSubmit} aria-label={t('endTitle')} noValidate>
      <Stack gap="medium">
        <Text tone="muted">
          {t('endHelp', {
            name: pickText({ km: student.nameKm, en: student.nameEn }, lang),
            class: pickText({ km: open.schoolClass.nameKm, en: open.schoolClass.nameEn }, lang),
          })}
        </Text>
        <TextField
          label={t('endDate')}
          type="date"
          value={endDate}
          onChange={setEndDate}
          {...(dateError ? { errorMessage: dateError, isInvalid: true } : {})}
        />
        <Select<EndReason>
          label={t('endReason')}
          options={endReasons.map((r) => ({ id: r, label: t(`endReasons.${r}`) }))}
          value={reason}
          onChange={(value) => value && setReason(value)}
          description={t(`endReasonHelp.${reason}`)}
        />
        {error && !dateError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" variant="danger" isPending={save.isPending}>
            {t('endConfirm')}
          </Button>
          <Button variant="secondary" onPress={onCancel}>
            {t('cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
