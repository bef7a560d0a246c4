import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeachingLogEntry } from '@sala/contract';
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
  TextArea,
  TextField,
  createColumnHelper,
  useConfirm,
  useToast,
} from '@sala/ui';
import { NotebookPen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { EmployeePicker } from '../../records/EmployeePicker.js';
import { failureText, fieldErrorText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { nameIn, todayIso } from './teachingData.js';
import * as styles from './teaching.css.js';

/**
 * The lessons taught: a teacher logs and corrects their own; the office and heads see everyone's
 * they reach, filtered by teacher and dates, with the hours of all matching lessons.
 */
export function LogSection() {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const seesOthers = client.hasPermission(['teaching.read:department']);
  const mayManage = client.hasPermission(['teaching.manage:department']);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<TeachingLogEntry | null>(null);
  const [creating, setCreating] = useState(false);
  const validDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

  const list = useQuery({
    queryKey: ['teaching-log', { teacherId, from, to, page, pageSize }],
    queryFn: () =>
      http.call('getTeachingLog', {
        query: {
          page,
          pageSize,
          employeeId: teacherId ?? undefined,
          from: validDate(from),
          to: validDate(to),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const filtered = teacherId !== null || !!from || !!to;

  const remove = useCallback(
    async (entry: TeachingLogEntry) => {
      const name = nameIn(lang);
      const confirmed = await confirm({
        type: 'error',
        title: t('log.deleteTitle'),
        description: t('log.deleteDescription', {
          subject: name(entry.subject),
          class: name(entry.schoolClass),
          date: entry.date,
        }),
        confirmText: t('log.delete'),
      });
      if (!confirmed) return;
      try {
        await http.call('deleteTeachingLogEntry', {
          params: { id: entry.id },
          query: { version: entry.version },
        });
        toast.success(t('log.deleted'));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['teaching-log'] });
      }
    },
    [confirm, http, lang, queryClient, t, toast],
  );

  const columns = useMemo(() => {
    const col = createColumnHelper<TeachingLogEntry>();
    const name = nameIn(lang);
    return [
      col.accessor('date', {
        header: t('log.date'),
        size: 120,
        cell: (info) => <span translate="no">{info.getValue()}</span>,
      }),
      col.accessor((e) => name(e.teacher), { id: 'teacher', header: t('log.teacher'), size: 160 }),
      col.accessor((e) => name(e.schoolClass), { id: 'class', header: t('log.class'), size: 120 }),
      col.accessor((e) => name(e.subject), { id: 'subject', header: t('log.subject'), size: 150 }),
      col.accessor('hours', { header: t('log.hours'), size: 90 }),
      col.accessor('content', {
        header: t('log.content'),
        size: 260,
        cell: (info) => <span className={records.wrap}>{info.getValue()}</span>,
      }),
      col.display({
        id: 'actions',
        header: t('log.actions'),
        size: 110,
        cell: (info) => (
          <span className={records.actionsCell}>
            <IconButton
              label={t('log.editNamed', { date: info.row.original.date })}
              icon={<Pencil size={18} />}
              onPress={() => setEditing(info.row.original)}
            />
            <IconButton
              label={t('log.deleteNamed', { date: info.row.original.date })}
              icon={<Trash2 size={18} />}
              onPress={() => void remove(info.row.original)}
            />
          </span>
        ),
      }),
    ];
  }, [lang, remove, t]);

  const onFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack gap="medium">
      <Card padding="small">
        <Stack gap="medium">
          <Inline gap="small" align="space-between">
            <Text tone="muted">{t('log.help')}</Text>
            <Button onPress={() => setCreating(true)}>
              <Plus size={18} aria-hidden="true" />
              {t('log.new')}
            </Button>
          </Inline>
          <div className={records.filters}>
            {seesOthers ? (
              <EmployeePicker
                label={t('log.teacher')}
                value={teacherId}
                onChange={onFilter(setTeacherId)}
              />
            ) : null}
            <TextField
              label={t('log.from')}
              type="date"
              value={from}
              onChange={onFilter(setFrom)}
            />
            <TextField label={t('log.to')} type="date" value={to} onChange={onFilter(setTo)} />
          </div>
          {list.data ? (
            <Text className={styles.total}>
              {t('log.totalHours', { hours: list.data.totalHours })}
            </Text>
          ) : null}
          <DataTable
            data={list.data?.items ?? []}
            columns={columns}
            getRowId={(e) => e.id}
            label={t('log.tableLabel')}
            isLoading={list.isPending}
            error={list.error ? failureText(list.error, lang, t) : undefined}
            onRetry={() => void list.refetch()}
            paging={{
              page,
              pageSize,
              total: list.data?.total ?? 0,
              onPageChange: setPage,
              onPageSizeChange: (size) => {
                setPageSize(size);
                setPage(1);
              },
              pageSizes: [10, 20, 50],
            }}
            emptyState={
              <EmptyState
                icon={<NotebookPen size={32} aria-hidden="true" />}
                title={filtered ? t('log.noMatch') : t('log.empty')}
                description={filtered ? t('log.noMatchHelp') : t('log.emptyHelp')}
                headingLevel={2}
              />
            }
          />
        </Stack>
      </Card>
      <Dialog
        isOpen={creating || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        title={editing ? t('log.editTitle') : t('log.createTitle')}
      >
        {creating || editing ? (
          <LogForm
            entry={editing ?? undefined}
            chooseTeacher={mayManage}
            onDone={() => {
              setCreating(false);
              setEditing(null);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}

/**
 * A lesson taught: which of the teacher's classes and subjects, the date, the hours and what was
 * taught. Whoever manages teaching may log it for another teacher (a substitution too).
 */
function LogForm({
  entry,
  chooseTeacher,
  onDone,
}: {
  entry?: TeachingLogEntry | undefined;
  chooseTeacher: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('teaching');
  const lang = i18n.language;
  const name = nameIn(lang);
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(entry);
  const [teacherId, setTeacherId] = useState<string | null>(entry?.teacher.id ?? null);
  const [lesson, setLesson] = useState<string | null>(
    entry ? `${entry.schoolClass.id}:${entry.subject.id}` : null,
  );
  const [date, setDate] = useState(entry?.date ?? todayIso());
  const [hours, setHours] = useState<number | null>(entry?.hours ?? 1);
  const [content, setContent] = useState(entry?.content ?? '');
  const [reloaded, setReloaded] = useState(false);

  const assignments = useQuery({
    queryKey: ['teaching-assignments', { teacherId, mine: !teacherId }],
    queryFn: () =>
      http.call('getTeachingAssignments', {
        query: teacherId ? { employeeId: teacherId } : { mine: 'true' },
      }),
  });
  const options = useMemo(() => {
    const seen = new Map<string, string>();
    for (const a of assignments.data?.items ?? []) {
      seen.set(
        `${a.schoolClass.id}:${a.subject.id}`,
        `${name(a.schoolClass)} · ${name(a.subject)}`,
      );
    }
    if (base && !seen.has(`${base.schoolClass.id}:${base.subject.id}`)) {
      seen.set(
        `${base.schoolClass.id}:${base.subject.id}`,
        `${name(base.schoolClass)} · ${name(base.subject)}`,
      );
    }
    return [...seen].map(([id, label]) => ({ id, label }));
  }, [assignments.data, base, name]);

  const save = useMutation({
    mutationFn: () => {
      setReloaded(false);
      // A lesson is `classId:subjectId`; saving waits for one to be chosen.
      const [classId = '', subjectId = ''] = (lesson ?? ':').split(':');
      const fields = { classId, subjectId, date, hours: hours as number, content };
      return base
        ? http.call('patchTeachingLogEntry', {
            params: { id: base.id },
            body: { ...fields, version: base.version },
          })
        : http.call('postTeachingLog', {
            body: {
              ...fields,
              ...(teacherId ? { employeeId: teacherId } : {}),
            },
          });
    },
    onSuccess: async () => {
      toast.success(base ? t('log.saved') : t('log.created'));
      await queryClient.invalidateQueries({ queryKey: ['teaching-log'] });
      onDone();
    },
    onError: async (error) => {
      if (base && error instanceof ApiError && error.code === 'VERSION_CONFLICT') {
        // Someone else corrected it first: show theirs; the message stays until the next try.
        const page = await http
          .call('getTeachingLog', {
            query: {
              employeeId: base.teacher.id,
              from: base.date,
              to: base.date,
              pageSize: 100,
            },
          })
          .catch(() => null);
        const fresh = page?.items.find((e) => e.id === base.id);
        if (fresh) {
          setBase(fresh);
          setLesson(`${fresh.schoolClass.id}:${fresh.subject.id}`);
          setDate(fresh.date);
          setHours(fresh.hours);
          setContent(fresh.content);
          setReloaded(true);
        }
        await queryClient.invalidateQueries({ queryKey: ['teaching-log'] });
      }
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error;
  const fieldError = (field: string) => fieldErrorText(error, field, lang);
  const lessonError = fieldError('classId') ?? fieldError('subjectId');
  const anyFieldError =
    lessonError ??
    fieldError('date') ??
    fieldError('hours') ??
    fieldError('content') ??
    fieldError('employeeId');

  return (
    <form
      onSubmit={onSubmit}
      aria-label={base ? t('log.editTitle') : t('log.createTitle')}
      noValidate
    >
      <Stack gap="medium">
        {chooseTeacher && !base ? (
          <EmployeePicker
            label={t('log.teacher')}
            description={t('log.ownOnly')}
            value={teacherId}
            onChange={(id) => {
              setTeacherId(id);
              setLesson(null);
            }}
            errorMessage={fieldError('employeeId')}
          />
        ) : null}
        <Select<string>
          label={t('log.lesson')}
          description={
            assignments.data && options.length === 0 ? t('log.noAssignments') : t('log.lessonHelp')
          }
          options={options}
          value={lesson}
          onChange={setLesson}
          isRequired
          errorMessage={lessonError}
          isInvalid={!!lessonError}
        />
        <div className={records.formGrid}>
          <TextField
            label={t('log.date')}
            type="date"
            value={date}
            onChange={setDate}
            isRequired
            errorMessage={fieldError('date')}
            isInvalid={!!fieldError('date')}
          />
          <NumberField
            label={t('log.hours')}
            value={hours}
            onChange={setHours}
            minValue={0.5}
            maxValue={12}
            step={0.5}
            isRequired
            errorMessage={fieldError('hours')}
            isInvalid={!!fieldError('hours')}
          />
        </div>
        <TextArea
          label={t('log.content')}
          value={content}
          onChange={setContent}
          maxLength={2000}
          rows={3}
          errorMessage={fieldError('content')}
          isInvalid={!!fieldError('content')}
        />
        {error && !anyFieldError ? (
          <div role="alert" className={records.formError}>
            {failureText(error, lang, t)}
            {reloaded ? ` ${t('log.reloaded')}` : ''}
          </div>
        ) : null}
        <Inline gap="small">
          <Button type="submit" isPending={save.isPending} isDisabled={!lesson}>
            {base ? t('log.save') : t('log.add')}
          </Button>
          <Button variant="secondary" onPress={onDone}>
            {t('log.cancel')}
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
