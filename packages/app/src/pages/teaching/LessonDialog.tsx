import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Period, SchoolClass, TimetableEntry } from '@sala/contract';
import {
  Button,
  Dialog,
  Inline,
  Select,
  Stack,
  Text,
  TextField,
  dayName,
  useConfirm,
  useToast,
  type DayOfWeek,
} from '@sala/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { nameIn, subjectsOfClass, useSubjects } from './teachingData.js';
import * as styles from './teaching.css.js';

/** A slot of a class's week: a day and a period, with the lesson in it if any. */
export interface Slot {
  day: DayOfWeek;
  period: Period;
  entry: TimetableEntry | undefined;
}

const CLASHES = ['TIMETABLE_TEACHER_CLASH', 'TIMETABLE_ROOM_CLASH', 'TIMETABLE_SLOT_TAKEN'];

const overlaps = (
  a: Pick<Period, 'startTime' | 'endTime'>,
  b: Pick<Period, 'startTime' | 'endTime'>,
) => a.startTime < b.endTime && b.startTime < a.endTime;

/**
 * Adds, changes or removes the lesson of one slot of a class's week. The server checks the
 * teacher and the room are free; a clash is shown with what it clashes with, and nothing changes.
 */
export function LessonDialog({
  schoolClass,
  slot,
  onClose,
}: {
  schoolClass: SchoolClass;
  slot: Slot | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('teaching');
  return (
    <Dialog
      isOpen={slot !== null}
      onOpenChange={(open) => !open && onClose()}
      title={slot?.entry ? t('lesson.editTitle') : t('lesson.addTitle')}
    >
      {slot ? <LessonForm schoolClass={schoolClass} slot={slot} onClose={onClose} /> : null}
    </Dialog>
  );
}

function LessonForm({
  schoolClass,
  slot,
  onClose,
}: {
  schoolClass: SchoolClass;
  slot: Slot;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const name = nameIn(lang);
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const subjects = useSubjects();
  const { entry, day, period } = slot;
  const [subjectId, setSubjectId] = useState<string | null>(entry?.subject.id ?? null);
  const [teacherId, setTeacherId] = useState<string | null>(entry?.teacher?.id ?? null);
  const [room, setRoom] = useState(entry?.room ?? '');
  const [clash, setClash] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const dayLabel = dayName(day, lang === 'km' ? 'km' : 'en');

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['timetable'] });

  /** What the lesson would clash with, looked up in the teacher's or the room's week. */
  const describeClash = async (code: string): Promise<string | null> => {
    const others = (items: TimetableEntry[]) =>
      items.find(
        (other) =>
          other.id !== entry?.id && other.dayOfWeek === day && overlaps(other.period, period),
      );
    if (code === 'TIMETABLE_TEACHER_CLASH') {
      let employeeId = teacherId;
      if (!employeeId) {
        const assigned = await http.call('getTeachingAssignments', {
          query: {
            classId: schoolClass.id,
          },
        });
        employeeId = assigned.items.find((a) => a.subject.id === subjectId)?.teacher.id ?? null;
      }
      if (!employeeId) return null;
      const week = await http.call('getTimetable', { query: { employeeId } });
      const other = others(week.items);
      return other?.teacher
        ? t('lesson.clashTeacher', {
            teacher: name(other.teacher),
            class: name(other.schoolClass),
            subject: name(other.subject),
          })
        : null;
    }
    if (code === 'TIMETABLE_ROOM_CLASH') {
      const wanted = room.trim() || schoolClass.room;
      if (!wanted) return null;
      const week = await http.call('getTimetable', { query: { room: wanted } });
      const other = others(week.items);
      return other
        ? t('lesson.clashRoom', {
            room: wanted,
            class: name(other.schoolClass),
            subject: name(other.subject),
          })
        : null;
    }
    return null;
  };

  const save = useMutation({
    mutationFn: () => {
      setClash(null);
      if (entry) {
        const teacherChanged = teacherId !== (entry.teacher?.id ?? null);
        return http.call('patchTimetableEntry', {
          params: { id: entry.id },
          body: {
            subjectId: subjectId ?? undefined,
            // A new subject without a chosen teacher brings the teacher assigned to it.
            ...(teacherChanged ? { employeeId: teacherId } : {}),
            room: room.trim(),
            version: entry.version,
          },
        });
      }
      return http.call('postTimetable', {
        body: {
          classId: schoolClass.id,
          dayOfWeek: day,
          periodId: period.id,
          // Saving waits for a subject to be chosen.
          subjectId: subjectId!,
          ...(teacherId ? { employeeId: teacherId } : {}),
          ...(room.trim() ? { room: room.trim() } : {}),
        },
      });
    },
    onSuccess: async () => {
      toast.success(entry ? t('lesson.saved') : t('lesson.added'));
      await refresh();
      onClose();
    },
    onError: async (error) => {
      if (!(error instanceof ApiError)) return;
      if (CLASHES.includes(error.code)) {
        setClash(await describeClash(error.code).catch(() => null));
      }
      if (error.code === 'VERSION_CONFLICT') await refresh();
    },
  });

  const remove = async () => {
    if (!entry) return;
    const confirmed = await confirm({
      type: 'error',
      title: t('lesson.removeTitle'),
      description: t('lesson.removeDescription', {
        subject: name(entry.subject),
        day: dayLabel,
        number: period.number,
      }),
      confirmText: t('lesson.remove'),
    });
    if (!confirmed) return;
    setRemoving(true);
    try {
      await http.call('deleteTimetableEntry', {
        params: { id: entry.id },
        query: { version: entry.version },
      });
      toast.success(t('lesson.removed'));
      onClose();
    } catch (error) {
      toast.error(failureText(error, lang, t));
    } finally {
      setRemoving(false);
      await refresh();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const code = error instanceof ApiError ? error.code : undefined;
  const isClash = code !== undefined && CLASHES.includes(code);
  const fieldError = (field: string) => (isClash ? undefined : fieldErrorText(error, field, lang));
  const anyFieldError =
    fieldError('subjectId') ??
    fieldError('employeeId') ??
    fieldError('room') ??
    fieldError('periodId');

  const options = subjectsOfClass(subjects.data?.items ?? [], schoolClass).map((s) => ({
    id: s.id,
    label: name(s),
  }));

  return (
    <form
      onSubmit={onSubmit}
      aria-label={entry ? t('lesson.editTitle') : t('lesson.addTitle')}
      noValidate
    >
      <Stack gap="medium">
        <Text tone="muted">
          {name(schoolClass)} ·{' '}
          {t('lesson.when', {
            day: dayLabel,
            number: period.number,
            start: period.startTime,
            end: period.endTime,
          })}
        </Text>
        <Select<string>
          label={t('lesson.subject')}
          options={options}
          value={subjectId}
          onChange={setSubjectId}
          // Until the class's subjects have arrived there is nothing to choose: a press would
          // open an empty list on a slow connection.
          isDisabled={subjects.isPending}
          isRequired
          errorMessage={fieldError('subjectId')}
          isInvalid={!!fieldError('subjectId')}
        />
        <EmployeePicker
          label={t('lesson.teacher')}
          description={t('lesson.teacherHelp')}
          value={teacherId}
          initialLabel={entry?.teacher ? name(entry.teacher) : undefined}
          onChange={setTeacherId}
          errorMessage={fieldError('employeeId')}
        />
        <TextField
          label={t('lesson.room')}
          description={t('lesson.roomHelp', { room: schoolClass.room || '—' })}
          value={room}
          onChange={setRoom}
          maxLength={50}
          errorMessage={fieldError('room')}
          isInvalid={!!fieldError('room')}
        />
        {error && isClash ? (
          <div role="alert" className={styles.clash}>
            <strong>{t('lesson.clashTitle')}</strong>
            <span>{failureText(error, lang, t)}</span>
            {clash ? <span>{clash}</span> : null}
            <span>{t('lesson.nothingChanged')}</span>
          </div>
        ) : error && !anyFieldError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
            {code === 'VERSION_CONFLICT' ? ` ${t('lesson.reloaded')}` : ''}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending} isDisabled={!subjectId}>
            {entry ? t('lesson.save') : t('lesson.add')}
          </Button>
          {entry ? (
            <Button variant="danger" onPress={() => void remove()} isPending={removing}>
              {t('lesson.remove')}
            </Button>
          ) : null}
          <Button variant="secondary" onPress={onClose}>
            {t('lesson.cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
