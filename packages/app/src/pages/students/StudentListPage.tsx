import { useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  genders,
  studentStatusLabels,
  studentStatuses,
  type Gender,
  type Student,
  type StudentStatus,
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
  formatPhone,
  pickText,
  useToast,
} from '@sala/ui';
import { GraduationCap, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { ImportDialog } from '../../records/ImportDialog.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { ExportButton } from '../../records/ExportButton.js';
import * as styles from '../../records/records.css.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { StudentForm, useYearClasses } from './StudentForm.js';
import { statusTone } from './studentShared.js';

/** `/students`: the school's students, filtered by class, status and gender, searched and paged. */
export default function StudentListPage() {
  const { t, i18n } = useTranslation('students');
  const lang = i18n.language;
  const toast = useToast();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['students.manage:school']);
  const [editing, setEditing] = useState<Student | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const classes = useYearClasses();
  const queryClient = useQueryClient();
  const list = usePagedList<
    Student,
    { classId: string; status: StudentStatus | typeof ALL; gender: Gender | typeof ALL }
  >({
    queryKey: 'students',
    path: apiPaths.students,
    filters: { classId: ALL, status: ALL, gender: ALL },
  });
  const { classId, status, gender } = list.filters;

  const nameOf = (s: { nameKm: string; nameEn: string }) =>
    pickText({ km: s.nameKm, en: s.nameEn }, lang);

  const remove = useConfirmedDelete<Student>('students', apiPaths.student, 'students');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Student>();
    const nameOf = (s: { nameKm: string; nameEn: string }) =>
      pickText({ km: s.nameKm, en: s.nameEn }, lang);
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
    <Stack gap="large">
      <RecordPageHeader
        route="students"
        actions={
          <>
            <ExportButton
              path={apiPaths.studentsExport}
              query={list.params}
              fileName={'students.xlsx'}
            >
              {t('export')}
            </ExportButton>
            {mayManage ? (
              <>
                <Button variant="secondary" onPress={() => setImporting(true)}>
                  <Upload size={18} aria-hidden="true" />
                  {t('import')}
                </Button>
                <Button onPress={() => setEditing('new')}>
                  <Plus size={18} aria-hidden="true" />
                  {t('new')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className={styles.filters}>
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
      </div>
      <Card padding="small">
        <DataTable
          {...list.tableProps}
          columns={columns}
          getRowId={(s) => s.id}
          label={t('tableLabel')}
          emptyState={
            <EmptyState
              icon={<GraduationCap size={32} aria-hidden="true" />}
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
          <StudentForm
            {...(editing === 'new' ? {} : { student: editing })}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              const wasNew = editing === 'new';
              setEditing(null);
              toast.success(t(wasNew ? 'created' : 'saved', { name: nameOf(saved) }));
            }}
          />
        ) : null}
      </Dialog>
      {mayManage ? (
        <ImportDialog
          isOpen={importing}
          onOpenChange={setImporting}
          path={apiPaths.studentsImport}
          title={t('importTitle')}
          description={t('importDescription')}
          fieldLabels={fieldLabels}
          onImported={() => void queryClient.invalidateQueries({ queryKey: ['students'] })}
        />
      ) : null}
    </Stack>
  );
}
