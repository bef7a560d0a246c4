import { sessionsOfDay, type SchoolClass, type SessionOfDay } from '@sala/contract';
import { Select, createColumnHelper } from '@sala/ui';
import { School } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordListPage, RowActions, nameIn, type Editing } from '../../records/RecordListPage.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { ClassForm, useGradeLevels } from './ClassForm.js';

/** `/class`: the current year's classes, filtered by grade and session and searched. */
export default function ClassListPage() {
  const { t, i18n } = useTranslation('classes');
  const lang = i18n.language;
  const { client } = useAuth();
  const mayManage = client.hasPermission(['classes.manage:school']);
  const [editing, setEditing] = useState<Editing<SchoolClass>>(null);
  const grades = useGradeLevels();

  const list = usePagedList<
    SchoolClass,
    { gradeLevelId: string; session: SessionOfDay | typeof ALL }
  >({
    queryKey: 'classes',
    endpoint: 'getClasses',
    filters: { gradeLevelId: ALL, session: ALL },
    pageSize: 50,
  });
  const { gradeLevelId: gradeId, session } = list.filters;

  const nameOf = nameIn(lang);

  const remove = useConfirmedDelete<SchoolClass>('classes', 'deleteSchoolClass', 'classes');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<SchoolClass>();
    const nameOf = nameIn(lang);
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
    <RecordListPage<SchoolClass>
      namespace="classes"
      route="class"
      list={list}
      mayManage={mayManage}
      filters={
        <>
          <Select<string>
            label={t('grade')}
            options={[
              { id: ALL, label: t('allGrades') },
              ...(grades.data?.items ?? []).map((g) => ({ id: g.id, label: nameOf(g) })),
            ]}
            value={gradeId}
            onChange={(id) => list.setFilter('gradeLevelId', id)}
          />
          <Select<SessionOfDay | typeof ALL>
            label={t('session')}
            options={[
              { id: ALL, label: t('allSessions') },
              ...sessionsOfDay.map((s) => ({ id: s, label: t(`sessions.${s}`) })),
            ]}
            value={session}
            onChange={(value) => list.setFilter('session', value)}
          />
        </>
      }
      columns={columns}
      emptyIcon={<School size={32} aria-hidden="true" />}
      editing={editing}
      onEditingChange={setEditing}
      renderForm={({ record, ...props }) => (
        <ClassForm {...(record ? { schoolClass: record } : {})} {...props} />
      )}
    />
  );
}
