import { type Department } from '@sala/contract';
import { createColumnHelper } from '@sala/ui';
import { Building2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordListPage, RowActions, nameIn, type Editing } from '../../records/RecordListPage.js';
import * as styles from '../../records/records.css.js';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { usePagedList } from '../../records/usePagedList.js';
import { DepartmentForm } from './DepartmentForm.js';

/** `/department`: the school's departments, searched and paged on the server. */
export default function DepartmentListPage() {
  const { t, i18n } = useTranslation('departments');
  const lang = i18n.language;
  const { client } = useAuth();
  const mayManage = client.hasPermission(['departments.manage:school']);
  // Only a department being edited: a new one has its page (`/department/create`).
  const [editing, setEditing] = useState<Editing<Department>>(null);

  const list = usePagedList<Department>({
    queryKey: 'departments',
    endpoint: 'getDepartments',
    pageSizes: [10, 20, 50],
  });

  const remove = useConfirmedDelete<Department>('departments', 'deleteDepartment', 'departments');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Department>();
    const nameOf = nameIn(lang);
    return [
      col.accessor('code', {
        header: t('code'),
        size: 110,
        cell: (info) => (
          <span translate="no" className={styles.wrap}>
            {info.getValue()}
          </span>
        ),
      }),
      col.accessor((d) => nameOf(d), {
        id: 'name',
        header: t('name'),
        size: 220,
        cell: (info) => <span className={styles.wrap}>{info.getValue()}</span>,
      }),
      col.accessor((d) => (d.head ? nameOf(d.head) : ''), {
        id: 'head',
        header: t('head'),
        size: 180,
        cell: (info) => info.getValue() || t('noHead'),
      }),
      col.accessor('staffCount', { header: t('staff'), size: 90 }),
      col.accessor('subjectCount', { header: t('subjects'), size: 100 }),
      ...(mayManage
        ? [
            col.display({
              id: 'actions',
              header: t('actions'),
              size: 130,
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
    <RecordListPage<Department>
      namespace="departments"
      route="department"
      list={list}
      mayManage={mayManage}
      createPath="/department/create"
      columns={columns}
      emptyIcon={<Building2 size={32} aria-hidden="true" />}
      editing={editing}
      onEditingChange={setEditing}
      renderForm={({ record, ...props }) => (
        <DepartmentForm {...(record ? { department: record } : {})} {...props} />
      )}
    />
  );
}
