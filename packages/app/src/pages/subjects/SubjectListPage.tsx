import { subjectTypeLabels, subjectTypes, type Subject, type SubjectType } from '@sala/contract';
import { Badge, Select, createColumnHelper, pickText } from '@sala/ui';
import { BookOpen } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordListPage, RowActions, nameIn, type Editing } from '../../records/RecordListPage.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import * as local from './subjects.css.js';
import { SubjectForm, useDepartmentOptions, useGradeLevels } from './SubjectForm.js';

/** `/subjects`: the school's subjects, filtered, searched and paged on the server. */
export default function SubjectListPage() {
  const { t, i18n } = useTranslation('subjects');
  const lang = i18n.language;
  const { client } = useAuth();
  const mayManage = client.hasPermission(['subjects.manage:school']);
  const departments = useDepartmentOptions();
  const gradeLevels = useGradeLevels();
  const [editing, setEditing] = useState<Editing<Subject>>(null);

  const list = usePagedList<Subject, { type: string; departmentId: string; gradeLevelId: string }>({
    queryKey: 'subjects',
    endpoint: 'getSubjects',
    filters: { type: ALL, departmentId: ALL, gradeLevelId: ALL },
    pageSizes: [10, 20, 50],
  });
  const { type, departmentId, gradeLevelId } = list.filters;

  const nameOf = nameIn(lang);

  const remove = useConfirmedDelete<Subject>('subjects', 'deleteSubject', 'subjects');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Subject>();
    const nameOf = nameIn(lang);
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
        size: 190,
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
                <RowActions
                  label={{
                    edit: t('editNamed', { name: nameOf(info.row.original) }),
                    delete: t('deleteNamed', { name: nameOf(info.row.original) }),
                  }}
                  onEdit={() => setEditing(info.row.original)}
                  onDelete={() => void remove(info.row.original)}
                />
              ),
            }),
          ]
        : []),
    ];
  }, [lang, mayManage, t, remove]);

  return (
    <RecordListPage<Subject>
      namespace="subjects"
      route="subjects"
      list={list}
      mayManage={mayManage}
      filters={
        <>
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
        </>
      }
      columns={columns}
      emptyIcon={<BookOpen size={32} aria-hidden="true" />}
      editing={editing}
      onEditingChange={setEditing}
      renderForm={({ record, ...props }) => (
        <SubjectForm {...(record ? { subject: record } : {})} {...props} />
      )}
    />
  );
}
