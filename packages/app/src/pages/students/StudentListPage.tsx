import {
  genders,
  studentStatusLabels,
  studentStatuses,
  type Gender,
  type Student,
  type StudentStatus,
} from '@sala/contract';
import { Badge, Select, createColumnHelper, formatPhone, pickText } from '@sala/ui';
import { GraduationCap } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordListPage, RowActions, nameIn, type Editing } from '../../records/RecordListPage.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { StudentForm, useYearClasses } from './StudentForm.js';
import { statusTone } from './studentShared.js';

/** `/students`: the school's students, filtered by class, status and gender, searched and paged. */
export default function StudentListPage() {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const { client } = useAuth();
  const mayManage = client.hasPermission(['students.manage:school']);
  const [editing, setEditing] = useState<Editing<Student>>(null);
  const classes = useYearClasses();
  const list = usePagedList<
    Student,
    { classId: string; status: StudentStatus | typeof ALL; gender: Gender | typeof ALL }
  >({
    queryKey: 'students',
    endpoint: 'getStudents',
    filters: { classId: ALL, status: ALL, gender: ALL },
  });
  const { classId, status, gender } = list.filters;
  const nameOf = nameIn(lang);

  const remove = useConfirmedDelete<Student>('students', 'deleteStudent', 'students');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Student>();
    const nameOf = nameIn(lang);
    return [
      col.accessor('code', {
        header: t('code'),
        size: 120,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((s) => nameOf(s), {
        id: 'name',
        header: t('name'),
        size: 180,
        cell: (info) => (
          <RouterLink to={`/students/${info.row.original.id}`} className={styles.wrap}>
            {info.getValue()}
          </RouterLink>
        ),
      }),
      col.accessor((s) => (s.gender ? t(`genders.${s.gender}`) : ''), {
        id: 'gender',
        header: t('gender'),
        size: 80,
      }),
      col.accessor((s) => (s.currentClass ? nameOf(s.currentClass) : ''), {
        id: 'class',
        header: t('class'),
        size: 120,
        cell: (info) => info.getValue() || t('noClass'),
      }),
      // Guardians' names are written as the family gave them, in either script: data, not text
      // to translate.
      col.accessor('guardianName', {
        header: t('guardian'),
        size: 150,
        cell: (info) => <span translate="no">{info.getValue()}</span>,
      }),
      col.accessor((s) => (s.guardianPhone ? formatPhone(s.guardianPhone) : ''), {
        id: 'guardianPhone',
        header: t('guardianPhone'),
        size: 130,
        cell: (info) => <span translate="no">{info.getValue()}</span>,
      }),
      col.accessor('status', {
        header: t('status'),
        size: 130,
        cell: (info) => (
          <Badge tone={statusTone[info.getValue()]}>
            {pickText(studentStatusLabels[info.getValue()], lang)}
          </Badge>
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
  const fieldLabels = useMemo(
    () => ({
      code: t('code'),
      nameKm: t('name'),
      nameEn: t('name'),
      gender: t('gender'),
      birthDate: t('birthDate'),
      birthPlace: t('birthPlace'),
      address: t('address'),
      guardianName: t('guardian'),
      guardianPhone: t('guardianPhone'),
      guardianRelation: t('guardianRelation'),
      status: t('status'),
      classId: t('class'),
    }),
    [t],
  );

  return (
    <RecordListPage<Student>
      namespace="students"
      route="students"
      list={list}
      mayManage={mayManage}
      exportTo={{ endpoint: 'getStudentsExport', fileName: 'students.xlsx' }}
      importTo={{ endpoint: 'postStudentsImport', fieldLabels, queryKey: 'students' }}
      filters={
        <>
          <Select<string>
            label={t('class')}
            options={[
              { id: ALL, label: t('allClasses') },
              ...(classes.data?.items ?? []).map((c) => ({ id: c.id, label: nameOf(c) })),
            ]}
            value={classId}
            onChange={(id) => list.setFilter('classId', id)}
          />
          <Select<StudentStatus | typeof ALL>
            label={t('status')}
            options={[
              { id: ALL, label: t('allStatuses') },
              ...studentStatuses.map((s) => ({
                id: s,
                label: pickText(studentStatusLabels[s], lang),
              })),
            ]}
            value={status}
            onChange={(value) => list.setFilter('status', value)}
          />
          <Select<Gender | typeof ALL>
            label={t('gender')}
            options={[
              { id: ALL, label: t('allGenders') },
              ...genders.map((g) => ({ id: g, label: t(`genders.${g}`) })),
            ]}
            value={gender}
            onChange={(value) => list.setFilter('gender', value)}
          />
        </>
      }
      columns={columns}
      emptyIcon={<GraduationCap size={32} aria-hidden="true" />}
      editing={editing}
      onEditingChange={setEditing}
      renderForm={({ record, ...props }) => (
        <StudentForm {...(record ? { student: record } : {})} {...props} />
      )}
    />
  );
}
