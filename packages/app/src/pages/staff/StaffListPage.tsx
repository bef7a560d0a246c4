import { useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  workingStatusLabels,
  workingStatuses,
  type Employee,
  type WorkingStatus,
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
import { Pencil, Plus, Trash2, Upload, UsersRound } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { ImportDialog } from '../../records/ImportDialog.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { ExportButton } from '../../records/ExportButton.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { StaffForm } from './StaffForm.js';
import { statusTone, useDepartments } from './staffShared.js';

/** The columns of the staff sheet, named as the staff screens name them (for import errors). */
export function useSheetFieldLabels(): Record<string, string> {
  const { t } = useTranslation('staff');
  return useMemo(
    () => ({
      code: t('code'),
      nameKm: t('nameKm'),
      nameEn: t('nameEn'),
      gender: t('gender'),
      birthDate: t('birthDate'),
      birthPlace: t('birthPlace'),
      phone: t('phone'),
      email: t('email'),
      department: t('department'),
      position: t('position'),
      hireDate: t('hireDate'),
      workingStatus: t('status'),
      maritalStatus: t('maritalStatus'),
      nssfType: t('nssfType'),
      nssfNumber: t('nssfNumber'),
      nationalId: t('nationalId'),
      row: t('wholeRow'),
    }),
    [t],
  );
}

/** `/staff`: the school's teachers and office staff, filtered, searched, paged, exported, imported. */
export default function StaffListPage() {
  const { t, i18n } = useTranslation('staff');
  const lang = i18n.language;
  const toast = useToast();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['employees.manage:school']);
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const departments = useDepartments();
  const fieldLabels = useSheetFieldLabels();

  const list = usePagedList<Employee, { departmentId: string; status: WorkingStatus | typeof ALL }>(
    {
      queryKey: 'employees',
      path: apiPaths.employees,
      filters: { departmentId: ALL, status: ALL },
    },
  );
  const { departmentId, status } = list.filters;

  const nameOf = (s: { nameKm: string; nameEn: string }) =>
    pickText({ km: s.nameKm, en: s.nameEn }, lang);

  const remove = useConfirmedDelete<Employee>('staff', apiPaths.employee, 'employees');
  const edit = useCallback((employee: Employee) => setEditing(employee), []);

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Employee>();
    const nameOf = (s: { nameKm: string; nameEn: string }) =>
      pickText({ km: s.nameKm, en: s.nameEn }, lang);
    return [
      col.accessor((s) => nameOf(s), {
        id: 'name',
        header: t('name'),
        size: 180,
        cell: (info) => (
          <RouterLink to={`/staff/${info.row.original.id}`} className={styles.wrap} translate="no">
            {info.getValue()}
          </RouterLink>
        ),
      }),
      col.accessor('code', {
        header: t('code'),
        size: 110,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((s) => (s.department ? nameOf(s.department) : ''), {
        id: 'department',
        header: t('department'),
        size: 150,
        cell: (info) => info.getValue() || t('noDepartment'),
      }),
      // Positions are written as the school gave them, in either script: data, not text to
      // translate.
      col.accessor('position', {
        header: t('position'),
        size: 140,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((s) => (s.phone ? formatPhone(s.phone) : ''), {
        id: 'phone',
        header: t('phone'),
        size: 130,
        cell: (info) => <span translate="no">{info.getValue()}</span>,
      }),
      col.accessor('workingStatus', {
        header: t('status'),
        size: 150,
        cell: (info) => (
          <Badge tone={statusTone[info.getValue()]}>
            {pickText(workingStatusLabels[info.getValue()], lang)}
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
                    onPress={() => edit(info.row.original)}
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
  }, [lang, mayManage, t, remove, edit]);

  return (
    <Stack gap="large">
      <RecordPageHeader
        route="staff"
        actions={
          <>
            <ExportButton
              path={apiPaths.employeesExport}
              query={list.params}
              fileName={'staff.xlsx'}
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
          label={t('department')}
          options={[
            { id: ALL, label: t('allDepartments') },
            ...(departments.data?.items ?? []).map((d) => ({ id: d.id, label: nameOf(d) })),
          ]}
          value={departmentId}
          onChange={(id) => list.setFilter('departmentId', id)}
        />
        <Select<WorkingStatus | typeof ALL>
          label={t('status')}
          options={[
            { id: ALL, label: t('allStatuses') },
            ...workingStatuses.map((s) => ({
              id: s,
              label: pickText(workingStatusLabels[s], lang),
            })),
          ]}
          value={status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </div>
      <Card padding="small">
        <DataTable
          {...list.tableProps}
          columns={columns}
          getRowId={(s) => s.id}
          label={t('tableLabel')}
          stickyFirstColumn
          emptyState={
            <EmptyState
              icon={<UsersRound size={32} aria-hidden="true" />}
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
          <StaffForm
            {...(editing === 'new' ? {} : { employee: editing })}
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
          path={apiPaths.employeesImport}
          title={t('importTitle')}
          description={t('importDescription')}
          fieldLabels={fieldLabels}
          onImported={() => void queryClient.invalidateQueries({ queryKey: ['employees'] })}
        />
      ) : null}
    </Stack>
  );
}
