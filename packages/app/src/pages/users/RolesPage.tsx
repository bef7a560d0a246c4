import type { Role } from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  DataTable,
  Dialog,
  EmptyState,
  IconButton,
  Stack,
  Text,
  createColumnHelper,
  useConfirm,
  useDigits,
  useToast,
  toKhmerDigits,
} from '@sala/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { RoleForm } from './RoleForm.js';
import { roleName, useRoles } from './userParts.js';
import * as styles from './users.css.js';

/**
 * `/userPrivillege/userManagement`: the school's roles — each a bundle of permissions at a
 * scope — created, changed and deleted by those who manage roles; the administrator role is
 * fixed and only shown.
 */
export default function RolesPage() {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const digits = useDigits();
  const queryClient = useQueryClient();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['roles.manage:school']);
  const roles = useRoles();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<{ role?: Role; readOnly: boolean } | null>(null);

  const remove = useCallback(
    async (role: Role) => {
      const name = roleName(role, lang);
      const confirmed = await confirm({
        type: 'error',
        title: t('deleteRoleTitle', { name }),
        description: t('deleteRoleDescription'),
        confirmText: t('delete'),
      });
      if (!confirmed) return;
      try {
        await http.call('deleteRole', { params: { id: role.id } });
        toast.success(t('roleDeleted', { name }));
      } catch (error) {
        toast.error(failureText(error, lang, t));
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['roles'] });
      }
    },
    [confirm, http, lang, queryClient, t, toast],
  );

  const columns = useMemo(() => {
    const col = createColumnHelper<Role>();
    const number = (n: number) => (digits === 'khmr' ? toKhmerDigits(String(n)) : String(n));
    return [
      col.accessor((r) => roleName(r, lang), {
        id: 'name',
        header: t('roleName'),
        size: 220,
        cell: (info) => (
          <span className={styles.nameCell}>
            <span translate="no">{info.getValue()}</span>
            {info.row.original.system ? <Badge tone="primary">{t('systemRole')}</Badge> : null}
          </span>
        ),
      }),
      col.accessor((r) => (r.tags.includes('teacher') ? t('teaches') : ''), {
        id: 'tags',
        header: t('teacherColumn'),
        size: 120,
        cell: (info) => (info.getValue() ? <Badge tone="info">{info.getValue()}</Badge> : '—'),
      }),
      col.accessor((r) => r.permissions.length, {
        id: 'permissions',
        header: t('permissionCount'),
        size: 110,
        cell: (info) => number(info.getValue()),
      }),
      col.accessor('userCount', {
        header: t('userCount'),
        size: 110,
        cell: (info) => number(info.getValue()),
      }),
      col.display({
        id: 'actions',
        header: t('actions'),
        size: 120,
        cell: (info) => {
          const role = info.row.original;
          const name = roleName(role, lang);
          const editable = mayManage && !role.system;
          return (
            <span className={records.actionsCell}>
              <IconButton
                label={editable ? t('editNamed', { name }) : t('viewNamed', { name })}
                icon={editable ? <Pencil size={18} /> : <Eye size={18} />}
                onPress={() => setOpen({ role, readOnly: !editable })}
              />
              {editable ? (
                <IconButton
                  label={t('deleteNamed', { name })}
                  icon={<Trash2 size={18} />}
                  onPress={() => void remove(role)}
                />
              ) : null}
            </span>
          );
        },
      }),
    ];
  }, [digits, lang, mayManage, remove, t]);

  const title = open?.role
    ? open.readOnly
      ? t('viewRoleTitle')
      : t('editRoleTitle')
    : t('createRoleTitle');

  return (
    <Stack gap="large">
      <RecordPageHeader
        route="userPrivillege-userManagement"
        actions={
          mayManage ? (
            <Button onPress={() => setOpen({ readOnly: false })}>
              <Plus size={18} aria-hidden="true" />
              {t('newRole')}
            </Button>
          ) : null
        }
      />
      <Card padding="small">
        <Stack gap="small">
          <Text tone="muted">{t('scopeHelp')}</Text>
          <DataTable
            data={roles.data ?? []}
            columns={columns}
            getRowId={(r) => r.id}
            label={t('rolesTableLabel')}
            isLoading={roles.isPending}
            error={roles.error ? failureText(roles.error, lang, t) : undefined}
            onRetry={() => void roles.refetch()}
            searchable
            filter={filter}
            onFilterChange={setFilter}
            emptyState={
              <EmptyState
                icon={<ShieldCheck size={32} aria-hidden="true" />}
                title={filter ? t('noRoleMatch') : t('noRolesYet')}
                description={filter ? t('noMatchHelp') : t('noRolesHelp')}
                headingLevel={2}
              />
            }
          />
        </Stack>
      </Card>
      <Dialog
        isOpen={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={title}
        size="large"
      >
        {open ? (
          <RoleForm
            {...(open.role ? { role: open.role } : {})}
            readOnly={open.readOnly}
            onCancel={() => setOpen(null)}
            onSaved={(saved) => {
              const created = !open.role;
              setOpen(null);
              toast.success(
                t(created ? 'roleCreated' : 'roleSaved', { name: roleName(saved, lang) }),
              );
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
