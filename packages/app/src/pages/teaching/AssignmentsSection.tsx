import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeachingAssignment, UpdateAssignmentRequest } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Inline,
  NumberField,
  Select,
  Stack,
  Text,
  createColumnHelper,
  useConfirm,
  useToast,
} from '@sala/ui';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { nameIn, subjectsOfClass, useClasses, useSubjects } from './teachingData.js';

const ALL = 'all';

/** Who teaches which subject in which class this year: listed, filtered, created and removed. */
export function AssignmentsSection() {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['teaching.manage:department']);
  const classes = useClasses();
  const subjects = useSubjects();
  const [classId, setClassId] = useState<string>(ALL);
  const [subjectId, setSubjectId] = useState<string>(ALL);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TeachingAssignment | null>(null);

  const list = useQuery({
    queryKey: ['teaching-assignments', { classId, teacherId }],
    queryFn: () =>
      http.call('getTeachingAssignments', {
        query: {
          classId: classId === ALL ? undefined : classId,
          employeeId: teacherId ?? undefined,
        },
      }),
  });
  const rows = useMemo(
    () => (list.data?.items ?? []).filter((a) => subjectId === ALL || a.subject.id === subjectId),
    [list.data, subjectId],
  );
  const filtered = classId !== ALL || subjectId !== ALL || teacherId !== null;

  const remove = useCallback(
    async (assignment: TeachingAssignment) => {
      const name = nameIn(lang);
      const names = {
        teacher: name(assignment.teacher),
        subject: name(assignment.subject),
        class: name(assignment.schoolClass),
      };
      const confirmed = await confirm({
        type: 'error',
        title: t('assignments.deleteTitle', names),
        description: t('assignments.deleteDescription'),
        confirmText: t('assignments.delete'),
      });
      if (!confirmed) return;
      try {
        await http.call('deleteTeachingAssignment', {
          params: { id: assignment.id },
          query: { version: assignment.version },
        });
        toast.success(t('assignments.deleted'));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['teaching-assignments'] });
        await queryClient.invalidateQueries({ queryKey: ['timetable'] });
      }
    },
    [confirm, http, lang, queryClient, t, toast],
  );

  const columns = useMemo(() => {
    const col = createColumnHelper<TeachingAssignment>();
    const name = nameIn(lang);
    return [
      col.accessor((a) => name(a.schoolClass), {
        id: 'class',
        header: t('assignments.class'),
        size: 140,
      }),
      col.accessor((a) => name(a.subject), {
        id: 'subject',
        header: t('assignments.subject'),
        size: 180,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
      col.accessor((a) => name(a.teacher), {
        id: 'teacher',
        header: t('assignments.teacher'),
        size: 180,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
      col.accessor('hoursPerWeek', {
        header: t('assignments.hours'),
        size: 130,
        cell: (info) => info.getValue() ?? t('assignments.noHours'),
      }),
      ...(mayManage
        ? [
            col.display({
              id: 'actions',
              header: t('assignments.actions'),
              size: 110,
              cell: (info) => (
                <span className={records.actionsCell}>
                  <IconButton
                    label={t('assignments.editNamed', {
                      subject: name(info.row.original.subject),
                      class: name(info.row.original.schoolClass),
                    })}
                    icon={<Pencil size={18} />}
                    onPress={() => setEditing(info.row.original)}
                  />
                  <IconButton
                    label={t('assignments.deleteNamed', {
                      subject: name(info.row.original.subject),
                      class: name(info.row.original.schoolClass),
                    })}
                    icon={<Trash2 size={18} />}
                    onPress={() => void remove(info.row.original)}
                  />
                </span>
              ),
            }),
          ]
        : []),
    ];
  }, [lang, mayManage, remove, t]);

  const name = nameIn(lang);
  return (
    <Stack gap="medium">
      <Card padding="small">
        <Stack gap="medium">
          <Inline gap="small" align="space-between">
            <Text tone="muted">{t('assignments.help')}</Text>
            {mayManage ? (
              <Button onPress={() => setCreating(true)}>
                <Plus size={18} aria-hidden="true" />
                {t('assignments.new')}
              </Button>
            ) : null}
          </Inline>
          <div className={records.filters}>
            <Select<string>
              label={t('assignments.class')}
              value={classId}
              onChange={(value) => setClassId(value ?? ALL)}
              options={[
                { id: ALL, label: t('assignments.allClasses') },
                ...(classes.data?.items ?? []).map((c) => ({ id: c.id, label: name(c) })),
              ]}
            />
            <Select<string>
              label={t('assignments.subject')}
              value={subjectId}
              onChange={(value) => setSubjectId(value ?? ALL)}
              options={[
                { id: ALL, label: t('assignments.allSubjects') },
                ...(subjects.data?.items ?? []).map((s) => ({ id: s.id, label: name(s) })),
              ]}
            />
            <EmployeePicker
              label={t('assignments.teacher')}
              value={teacherId}
              onChange={setTeacherId}
            />
          </div>
          <DataTable
            data={rows}
            columns={columns}
            getRowId={(a) => a.id}
            label={t('assignments.tableLabel')}
            isLoading={list.isPending}
            error={list.error ? failureText(list.error, lang, t) : undefined}
            onRetry={() => void list.refetch()}
            emptyState={
              <EmptyState
                icon={<Users size={32} aria-hidden="true" />}
                title={filtered ? t('assignments.noMatch') : t('assignments.empty')}
                description={filtered ? t('assignments.noMatchHelp') : t('assignments.emptyHelp')}
                headingLevel={2}
              />
            }
          />
        </Stack>
      </Card>
      <Dialog
        isOpen={creating}
        onOpenChange={(open) => !open && setCreating(false)}
        title={t('assignments.createTitle')}
      >
        {creating ? (
          <AssignmentForm
            initialClassId={classId === ALL ? null : classId}
            onDone={() => setCreating(false)}
          />
        ) : null}
      </Dialog>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('assignments.editTitle')}
      >
        {editing ? (
          <AssignmentForm
            assignment={editing}
            initialClassId={editing.schoolClass.id}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

/**
 * A new assignment: the class, the subject (of the class's grade), the teacher and the hours; or
 * an existing one, whose teacher and hours change (its class and subject stay).
 */
function AssignmentForm({
  assignment,
  initialClassId,
  onDone,
}: {
  assignment?: TeachingAssignment;
  initialClassId: string | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const name = nameIn(lang);
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const classes = useClasses();
  const subjects = useSubjects();
  const [classId, setClassId] = useState<string | null>(initialClassId);
  const [subjectId, setSubjectId] = useState<string | null>(assignment?.subject.id ?? null);
  const [teacherId, setTeacherId] = useState<string | null>(assignment?.teacher.id ?? null);
  const [hours, setHours] = useState<number | null>(assignment?.hoursPerWeek ?? null);
  const schoolClass = classes.data?.items.find((c) => c.id === classId);

  const save = useMutation({
    mutationFn: () =>
      assignment
        ? http.call('patchTeachingAssignment', {
            params: { id: assignment.id },
            body: {
              employeeId: teacherId ?? undefined,
              hoursPerWeek: hours,
              version: assignment.version,
            } satisfies UpdateAssignmentRequest,
          })
        : http.call('postTeachingAssignments', {
            body: {
              // Saving waits for a class, a subject and a teacher to be chosen.
              classId: classId!,
              subjectId: subjectId!,
              employeeId: teacherId!,
              hoursPerWeek: hours,
            },
          }),
    onSuccess: async ({ assignment: saved }) => {
      toast.success(
        t('assignments.created', {
          teacher: name(saved.teacher),
          subject: name(saved.subject),
          class: name(saved.schoolClass),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['teaching-assignments'] });
      // A new teacher of an assignment takes over its lessons in the timetable.
      if (assignment) await queryClient.invalidateQueries({ queryKey: ['timetable'] });
      onDone();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const anyFieldError =
    fieldError('classId') ??
    fieldError('subjectId') ??
    fieldError('employeeId') ??
    fieldError('hoursPerWeek');

  return (
    <form
      onSubmit={onSubmit}
      aria-label={assignment ? t('assignments.editTitle') : t('assignments.createTitle')}
      noValidate
    >
      <Stack gap="medium">
        <Select<string>
          label={t('assignments.class')}
          options={(classes.data?.items ?? []).map((c) => ({ id: c.id, label: name(c) }))}
          value={classId}
          onChange={(value) => {
            setClassId(value);
            setSubjectId(null);
          }}
          isRequired
          isDisabled={!!assignment}
          errorMessage={fieldError('classId')}
          isInvalid={!!fieldError('classId')}
        />
        <Select<string>
          label={t('assignments.subject')}
          options={subjectsOfClass(subjects.data?.items ?? [], schoolClass).map((s) => ({
            id: s.id,
            label: name(s),
          }))}
          value={subjectId}
          onChange={setSubjectId}
          isRequired
          isDisabled={!!assignment}
          errorMessage={fieldError('subjectId')}
          isInvalid={!!fieldError('subjectId')}
        />
        <EmployeePicker
          label={t('assignments.teacher')}
          value={teacherId}
          onChange={setTeacherId}
          errorMessage={fieldError('employeeId')}
        />
        <NumberField
          label={t('assignments.hours')}
          value={hours}
          onChange={setHours}
          minValue={0.5}
          maxValue={40}
          step={0.5}
          errorMessage={fieldError('hoursPerWeek')}
          isInvalid={!!fieldError('hoursPerWeek')}
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
            isDisabled={!classId || !subjectId || !teacherId}
          >
            {assignment ? t('assignments.save') : t('assignments.create')}
          </Button>
          <Button variant="secondary" onPress={onDone}>
            {t('assignments.cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
