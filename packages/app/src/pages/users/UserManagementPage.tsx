import type { User } from '@sala/contract';
import { Button, Card, Dialog, IconButton, Stack, useToast } from '@sala/ui';
import { KeyRound, Pencil, Plus, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { ResetPasswordDialog, useStatusChange } from './AccountActions.js';
import { UserForm } from './UserForm.js';
import { UserTable } from './UserTable.js';
import { userInfoPath, userName } from './userParts.js';

/**
 * `/users/userManagement`: the accounts with what an administrator does to them — create, edit,
 * disable or enable, approve, reset a password; a name opens the account's roles and devices.
 */
export default function UserManagementPage() {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const toast = useToast();
  const navigate = useNavigate();
  const { client } = useAuth();
  const mayManage = client.hasPermission(['users.manage:school']);
  const mayEditRoles = client.hasPermission(['roles.read:school', 'roles.manage:school']);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const changeStatus = useStatusChange();

  const renderActions = useCallback(
    (user: User) => {
      const name = userName(user, lang);
      return (
        <>
          <IconButton
            label={t('editNamed', { name })}
            icon={<Pencil size={18} />}
            onPress={() => setEditing(user)}
          />
          <IconButton
            label={t('resetPasswordNamed', { name })}
            icon={<KeyRound size={18} />}
            onPress={() => setResetting(user)}
          />
          {user.status === 'active' ? (
            <IconButton
              label={t('disableNamed', { name })}
              icon={<UserX size={18} />}
              onPress={() => void changeStatus(user, 'disabled')}
            />
          ) : (
            <IconButton
              label={t(user.status === 'pending' ? 'approveNamed' : 'enableNamed', { name })}
              icon={<UserCheck size={18} />}
              onPress={() => void changeStatus(user, 'active')}
            />
          )}
        </>
      );
    },
    [changeStatus, lang, t],
  );

  const createButton = mayManage ? (
    <Button onPress={() => setEditing('new')}>
      <Plus size={18} aria-hidden="true" />
      {t('new')}
    </Button>
  ) : null;

  return (
    <Stack gap="large">
      <RecordPageHeader
        route="users-userManagement"
        actions={
          <>
            {mayEditRoles ? (
              <Button variant="secondary" asChild>
                <RouterLink to="/userPrivillege/userManagement">
                  <ShieldCheck size={18} aria-hidden="true" />
                  {t('rolesLink')}
                </RouterLink>
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />
      <Card padding="small">
        <UserTable
          {...(mayManage ? { renderActions } : {})}
          {...(createButton ? { emptyActions: createButton } : {})}
        />
      </Card>
      <Dialog
        isOpen={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        size="large"
      >
        {editing ? (
          <UserForm
            {...(editing === 'new' ? {} : { user: editing })}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              const created = editing === 'new';
              setEditing(null);
              toast.success(t(created ? 'created' : 'saved', { name: userName(saved, lang) }));
              if (created) void navigate(userInfoPath(saved.id));
            }}
          />
        ) : null}
      </Dialog>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
