import { apiPaths, sessionsOfDay, type SchoolClass, type SessionOfDay } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Select,
  Stack,
  createColumnHelper,
  pickText,
  useToast,
} from '@sala/ui';
import { Pencil, Plus, School, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import * as styles from '../../records/records.css.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { ClassForm, useGradeLevels } from './ClassForm.js';

/** `/class`: the current year's classes, filtered by grade and session and searched. */
export default function ClassListPage() {
  const { t, i18n } = useTranslation('classes');
  const lang = i18n.language;
  const toast = useToast();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['classes.manage:school']);
  // null: closed; 'new': the create form; a class: its edit form.
  const [editing, setEditing] = useState<SchoolClass | 'new' | null>(null);
  const grades = useGradeLevels();

  const list = usePagedList<
    SchoolClass,
    { gradeLevelId: string; session: SessionOfDay | typeof ALL }
  >({
    queryKey: 'classes',
    path: apiPaths.classes,
    filters: { gradeLevelId: ALL, session: ALL },
    pageSize: 50,
  });
  const { gradeLevelId: gradeId, session } = list.filters;

  const nameOf = (c: { nameKm: string; nameEn: string }) =>
    pickText({ km: c.nameKm, en: c.nameEn }, lang);

  const remove = useConfirmedDelete<SchoolClass>('classes', apiPaths.schoolClass, 'classes');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<SchoolClass>();
    const nameOf = (c: { nameKm: string; nameEn: string }) =>
      pickText({ km: c.nameKm, en: c.nameEn }, lang);
    return [
      col.accessor((c) => nameOf(c), {
        id: 'name',
        header: t('name'),
        size: 150,
        cell: (info) => (
          <RouterLink
            to={`/class/${info.row.original.id}`}
            className={styles.wrap}
            aria-label={t('openNamed', { name: info.getValue() })}
          >
            {info.getValue()}
          </RouterLink>
        ),
      }),
      col.accessor((c) => nameOf(c.gradeLevel), { id: 'grade', header: t('grade'), size: 120 }),
      col.accessor((c) => (c.homeroomTeacher ? nameOf(c.homeroomTeacher) : ''), {
        id: 'homeroom',
        header: t('homeroom'),
        size: 170,
        cell: (info) => info.getValue() || t('noHomeroom'),
      }),
      col.accessor('room', { header: t('room'), size: 90 }),
      col.accessor((c) => t(`sessions.${c.session}`), {
        id: 'session',
        header: t('session'),
        size: 110,
      }),
      col.accessor((c) => t('studentCount', { count: c.studentCount, girls: c.femaleCount }), {
        id: 'students',
        header: t('students'),
        size: 120,
      }),
      ...(mayManage
        ? [
            col.display({
              id: 'actions',
              header: t('actions'),
              size: 120,
              cell: (info) => (
                <span className={styles.actionsCell}>
                  <IconButton
                    label={t('editNamed', { name: nameOf(info.row.original) })}
                    icon={<Pencil size={18} />}
                    onPress={() => setEditing(info.row.original)}
                  />
                  <IconButton
                    label={t('deleteNamed', { name: nameOf(info.row.original) })}
                    icon={<Trash2 size={18} />}
                    onPress={() => void remove(info.row.original)}
                  />
                </span>
              ),
            }),
          ]
        : []),
    ];
  }, [lang, mayManage, t, remove]);

  return (
    <Stack gap="large">
      <RecordPageHeader
        route="class"
        actions={
          mayManage ? (
            <Button onPress={() => setEditing('new')}>
              <Plus size={18} aria-hidden="true" />
              {t('new')}
            </Button>
          ) : null
        }
      />
      <div className={styles.filters}>
        <Select<string>
          label={t('grade')}
          options={[
            { id: ALL, label: t('allGrades') },
            ...(grades.data?.items ?? []).map((g) => ({ id: g.id, label: nameOf(g) })),
          ]}
          value={gradeId}
          onChange={(id) => {
            list.setFilter('gradeLevelId', id);
          }}
        />
        <Select<SessionOfDay | typeof ALL>
          label={t('session')}
          options={[
            { id: ALL, label: t('allSessions') },
            ...sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) })),
          ]}
          value={session}
          onChange={(value) => {
            list.setFilter('session', value);
          }}
        />
      </div>
      <Card padding="small">
        <DataTable
          {...list.tableProps}
          columns={columns}
          getRowId={(c) => c.id}
          label={t('tableLabel')}
          emptyState={
            <EmptyState
              icon={<School size={32} aria-hidden="true" />}
              title={list.filtered ? t('noMatch') : t('empty')}
              description={list.filtered ? t('noMatchHelp') : t('emptyHelp')}
              headingLevel={2}
            />
          }
        />
      </Card>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        size="large"
      >
        {editing ? (
          <ClassForm
            {...(editing === 'new' ? {} : { schoolClass: editing })}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              const wasNew = editing === 'new';
              setEditing(null);
              toast.success(t(wasNew ? 'created' : 'saved', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
