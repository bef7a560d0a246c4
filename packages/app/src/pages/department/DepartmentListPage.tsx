import { apiPaths, type Department } from '@sala/contract';
import {
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Stack,
  createColumnHelper,
  pickText,
  useToast,
} from '@sala/ui';
import { Building2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirmedDelete } from '../../records/useConfirmedDelete.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import * as styles from '../../records/records.css.js';
import { usePagedList } from '../../records/usePagedList.js';
import { DepartmentForm } from './DepartmentForm.js';

/** `/department`: the school's departments, searched and paged on the server. */
export default function DepartmentListPage() {
  const { t, i18n } = useTranslation('departments');
  const lang = i18n.language;
  const toast = useToast();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['departments.manage:school']);
  const [editing, setEditing] = useState<Department | null>(null);

  const list = usePagedList<Department>({
    queryKey: 'departments',
    path: apiPaths.departments,
    pageSizes: [10, 20, 50],
  });

  const nameOf = (d: { nameKm: string; nameEn: string }) =>
    pickText({ km: d.nameKm, en: d.nameEn }, lang);

  const remove = useConfirmedDelete<Department>('departments', apiPaths.department, 'departments');

  // The columns stay the same objects across renders: a new cell function would remount every
  // cell (and lose a press in progress).
  const columns = useMemo(() => {
    const col = createColumnHelper<Department>();
    const nameOf = (d: { nameKm: string; nameEn: string }) =>
      pickText({ km: d.nameKm, en: d.nameEn }, lang);
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
        route="department"
        actions={
          mayManage ? (
            <Button asChild>
              <RouterLink to="/department/create">
                <Plus size={18} aria-hidden="true" />
                {t('new')}
              </RouterLink>
            </Button>
          ) : null
        }
      />
      <Card padding="small">
        <DataTable
          {...list.tableProps}
          columns={columns}
          getRowId={(d) => d.id}
          label={t('tableLabel')}
          emptyState={
            <EmptyState
              icon={<Building2 size={32} aria-hidden="true" />}
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
        title={t('editTitle')}
        size="large"
      >
        {editing ? (
          <DepartmentForm
            department={editing}
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
