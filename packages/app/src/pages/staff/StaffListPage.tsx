import {
  MAX_ACCOUNTS_AT_ONCE,
  workingStatusLabels,
  workingStatuses,
  type Employee,
  type WorkingStatus,
} from '@sala/contract';
import {
  Badge,
  Button,
  Select,
  Text,
  createColumnHelper,
  formatNumber,
  formatPhone,
  pickText,
  useDigits,
} from '@sala/ui';
import { KeyRound, UsersRound } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordListPage, RowActions, nameIn, type Editing } from '../../records/RecordListPage.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { ALL, usePagedList } from '../../records/usePagedList.js';
import { CreateAccountsDialog } from './CreateAccountsDialog.js';
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
  const { client } = useAuth();
  const mayManage = client.hasPermission(['employees.manage:school']);
  // Accounts for many staff at once: chosen on the list (across its pages), made in one step.
  const mayCreateAccounts = client.hasPermission(['users.manage:school']);
  const digits = useDigits();
  const [chosen, setChosen] = useState<ReadonlyMap<string, Employee>>(new Map());
  const [creatingAccounts, setCreatingAccounts] = useState(false);
  const [editing, setEditing] = useState<Editing<Employee>>(null);
  const departments = useDepartments();
  const fieldLabels = useSheetFieldLabels();

  const list = usePagedList<Employee, { departmentId: string; status: WorkingStatus | typeof ALL }>(
    {
      queryKey: 'employees',
      endpoint: 'getEmployees',
      filters: { departmentId: ALL, status: ALL },
    },
  );
  const { departmentId, status } = list.filters;
  const nameOf = nameIn(lang);

  const remove = useConfirmedDelete<Employee>('staff', 'deleteEmployee', 'employees');
  const edit = useCallback((employee: Employee) => setEditing(employee), []);

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Employee>();
    const nameOf = nameIn(lang);
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
      col.accessor((s) => s.user?.username ?? '', {
        id: 'account',
        header: t('account'),
        size: 140,
        cell: (info) =>
          info.getValue() ? (
            <span translate="no" className={styles.wrap}>
              {info.getValue()}
            </span>
          ) : (
            <Text as="span" tone="muted" size="small">
              {t('noAccount')}
            </Text>
          ),
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
                <RowActions
                  label={{
                    edit: t('editNamed', { name: nameOf(info.row.original) }),
                    delete: t('deleteNamed', { name: nameOf(info.row.original) }),
                  }}
                  onEdit={() => edit(info.row.original)}
                  onDelete={() => void remove(info.row.original)}
                />
              ),
            }),
          ]
        : []),
    ];
  }, [lang, mayManage, t, remove, edit]);

  return (
    <RecordListPage<Employee>
      namespace="staff"
      route="staff"
      list={list}
      mayManage={mayManage}
      exportTo={{ endpoint: 'getEmployeesExport', fileName: 'staff.xlsx' }}
      importTo={{ endpoint: 'postEmployeesImport', fieldLabels, queryKey: 'employees' }}
      filters={
        <>
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
        </>
      }
      columns={columns}
      table={{
        stickyFirstColumn: true,
        ...(mayCreateAccounts
          ? {
              selectable: true,
              selectedIds: [...chosen.keys()],
              onSelectionChange: (ids: string[]) =>
                setChosen((before) => {
                  const page = new Map(list.tableProps.data.map((s) => [s.id, s]));
                  return new Map(
                    ids.flatMap((id) => {
                      const employee = before.get(id) ?? page.get(id);
                      return employee ? [[id, employee] as const] : [];
                    }),
                  );
                }),
              bulkActions: () => (
                <Button
                  size="small"
                  isDisabled={chosen.size > MAX_ACCOUNTS_AT_ONCE}
                  onPress={() => setCreatingAccounts(true)}
                >
                  <KeyRound size={16} aria-hidden="true" />
                  {t('accounts.open', {
                    count: chosen.size,
                    n: formatNumber(chosen.size, { digits, locale: lang }),
                  })}
                </Button>
              ),
            }
          : {}),
      }}
      emptyIcon={<UsersRound size={32} aria-hidden="true" />}
      editing={editing}
      onEditingChange={setEditing}
      renderForm={({ record, ...props }) => (
        <StaffForm {...(record ? { employee: record } : {})} {...props} />
      )}
    >
      {chosen.size > MAX_ACCOUNTS_AT_ONCE ? (
        <Text tone="warning" role="status">
          {t('accounts.tooMany', {
            n: formatNumber(MAX_ACCOUNTS_AT_ONCE, { digits, locale: lang }),
          })}
        </Text>
      ) : null}
      {mayCreateAccounts ? (
        <CreateAccountsDialog
          chosen={[...chosen.values()]}
          isOpen={creatingAccounts}
          onOpenChange={(open) => {
            setCreatingAccounts(open);
          }}
          onCreated={() => setChosen(new Map())}
        />
      ) : null}
    </RecordListPage>
  );
}
