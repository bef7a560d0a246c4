import {
  apiPaths,
  subjectTypeLabels,
  subjectTypes,
  type Subject,
  type SubjectType,
} from '@sala/contract';
import {
  Badge,
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
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import * as styles from '../../records/records.css.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import * as local from './subjects.css.js';
import { SubjectForm, useDepartmentOptions, useGradeLevels } from './SubjectForm.js';

/** `/subjects`: the school's subjects, filtered, searched and paged on the server. */
export default function SubjectListPage() {
  const { t, i18n } = useTranslation('subjects');
  const lang = i18n.language;
  const toast = useToast();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['subjects.manage:school']);
  const departments = useDepartmentOptions();
  const gradeLevels = useGradeLevels();
  const [editing, setEditing] = useState<Subject | null>(null);
  const [creating, setCreating] = useState(false);

  const list = usePagedList<Subject, { type: string; departmentId: string; gradeLevelId: string }>({
    queryKey: 'subjects',
    path: apiPaths.subjects,
    filters: { type: ALL, departmentId: ALL, gradeLevelId: ALL },
    pageSizes: [10, 20, 50],
  });
  const { type, departmentId, gradeLevelId } = list.filters;

  const nameOf = (s: { nameKm: string; nameEn: string }) =>
    pickText({ km: s.nameKm, en: s.nameEn }, lang);

  const remove = useConfirmedDelete<Subject>('subjects', apiPaths.subject, 'subjects');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Subject>();
    const nameOf = (s: { nameKm: string; nameEn: string }) =>
      pickText({ km: s.nameKm, en: s.nameEn }, lang);
    return [
      col.accessor('code', {
        header: t('code'),
        size: 100,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((s) => nameOf(s), {
        id: 'name',
        header: t('name'),
        size: 200,
        cell: (info) => <span className={styles.wrap}>{info.getValue()}</span>,
      }),
      col.accessor((s) => pickText(subjectTypeLabels[s.type], lang), {
        id: 'type',
        header: t('type'),
        size: 150,
      }),
      col.accessor('maxScore', { header: t('maxScore'), size: 110 }),
      col.accessor('coefficient', { header: t('coefficient'), size: 130 }),
      col.accessor((s) => (s.department ? nameOf(s.department) : ''), {
        id: 'department',
        header: t('department'),
        size: 180,
        cell: (info) => info.getValue() || t('noDepartment'),
      }),
      col.accessor((s) => s.gradeLevels.map((g) => g.number).join(' '), {
        id: 'gradeLevels',
        header: t('gradeLevels'),
        size: 200,
        cell: (info) => (
          <span className={local.badges}>
            {[...info.row.original.gradeLevels]
              .sort((a, b) => a.number - b.number)
              .map((g) => (
                <Badge key={g.id} tone="info">
                  {t('grade', { number: g.number })}
                </Badge>
              ))}
          </span>
        ),
      }),
      ...(mayManage
        ? [
            col.display({
              id: 'actions',
              header: t('actions'),
              size: 110,
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
        route="subjects"
        actions={
          mayManage ? (
            <Button onPress={() => setCreating(true)}>
              <Plus size={18} aria-hidden="true" />
              {t('new')}
            </Button>
          ) : null
        }
      />
      <Card padding="small">
        <Stack gap="medium">
          <div className={styles.filters}>
            <Select<string>
              label={t('type')}
              value={type}
              onChange={(value) => list.setFilter('type', value)}
              options={[
                { id: ALL, label: t('allTypes') },
                ...subjectTypes.map((id: SubjectType) => ({
                  id,
                  label: pickText(subjectTypeLabels[id], lang),
                })),
              ]}
            />
            <Select<string>
              label={t('department')}
              value={departmentId}
              onChange={(value) => list.setFilter('departmentId', value)}
              options={[
                { id: ALL, label: t('allDepartments') },
                ...(departments.data?.items ?? []).map((d) => ({ id: d.id, label: nameOf(d) })),
              ]}
            />
            <Select<string>
              label={t('gradeLevel')}
              value={gradeLevelId}
              onChange={(value) => list.setFilter('gradeLevelId', value)}
              options={[
                { id: ALL, label: t('allGrades') },
                ...(gradeLevels.data?.items ?? []).map((g) => ({
                  id: g.id,
                  label: t('grade', { number: g.number }),
                })),
              ]}
            />
          </div>
          <DataTable
            {...list.tableProps}
            columns={columns}
            getRowId={(s) => s.id}
            label={t('tableLabel')}
            emptyState={
              <EmptyState
                icon={<BookOpen size={32} aria-hidden="true" />}
                title={list.filtered ? t('noMatch') : t('empty')}
                description={list.filtered ? t('noMatchHelp') : t('emptyHelp')}
                headingLevel={2}
              />
            }
          />
        </Stack>
      </Card>
      <Dialog
        isOpen={creating}
        onOpenChange={(open) => !open && setCreating(false)}
        title={t('createTitle')}
        size="large"
      >
        {creating ? (
          <SubjectForm
            onCancel={() => setCreating(false)}
            onSaved={(saved) => {
              setCreating(false);
              toast.success(t('created', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('editTitle')}
        size="large"
      >
        {editing ? (
          <SubjectForm
            subject={editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              toast.success(t('saved', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
