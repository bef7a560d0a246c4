import { useQuery } from '@tanstack/react-query';
import type { User } from '@sala/contract';
import {
  Avatar,
  Button,
  Card,
  Dialog,
  EmptyState,
  Heading,
  Inline,
  Skeleton,
  Stack,
  Tabs,
  Text,
  useDigits,
  useToast,
} from '@sala/ui';
import { ArrowLeft, KeyRound, Pencil, UserCheck, UserSearch, UserX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { useAuth } from '../../auth/AuthProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { failureText } from '../../records/errors.js';
import { AccessEditor } from './AccessEditor.js';
import { ResetPasswordDialog, useStatusChange } from './AccountActions.js';
import { AuditTrail } from './AuditTrail.js';
import { SessionsList } from './SessionsList.js';
import { UserForm } from './UserForm.js';
import { StatusBadge, userName } from './userParts.js';
import * as styles from './users.css.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function BackToList() {
  const { t } = useTranslation('users');
  return (
    <Button variant="secondary" asChild>
      <RouterLink to="/users/userManagement">
        <ArrowLeft size={18} aria-hidden="true" />
        {t('backToList')}
      </RouterLink>
    </Button>
  );
}

/** When no account can be shown: none chosen, or none with that id. */
function NoAccount({ reason }: { reason: 'missing' | 'unknown' }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="large">
      <RecordPageHeader route="users-userManagement-info" />
      <Card>
        <EmptyState
          icon={<UserSearch size={32} aria-hidden="true" />}
          title={reason === 'missing' ? t('noAccountChosen') : t('accountNotFound')}
          description={reason === 'missing' ? t('noAccountChosenHelp') : t('accountNotFoundHelp')}
          headingLevel={2}
          actions={<BackToList />}
        />
      </Card>
    </Stack>
  );
}

function Details({ user }: { user: User }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const digits = useDigits();
  const when = (at: string | null) =>
    at ? formatDateTime(new Date(at), lang, true, digits) : t('never');
  return (
    <Stack gap="medium">
      <Inline gap="medium" alignY="center">
        <Avatar name={{ km: user.nameKm, en: user.nameEn }} size="large" />
        <Stack gap="xxsmall">
          <Heading level={2}>
            <span translate="no">{userName(user, lang)}</span>
          </Heading>
          <Inline gap="small" alignY="center">
            <StatusBadge status={user.status} />
            {user.mustChangePassword ? (
              <Text size="small" tone="muted">
                {t('mustChangePassword')}
              </Text>
            ) : null}
          </Inline>
        </Stack>
      </Inline>
      <dl className={styles.facts}>
        <dt>{t('username')}</dt>
        <dd translate="no">{user.username}</dd>
        <dt>{t('fields.nameKm')}</dt>
        <dd translate="no">{user.nameKm || '—'}</dd>
        <dt>{t('fields.nameEn')}</dt>
        <dd translate="no">{user.nameEn || '—'}</dd>
        <dt>{t('email')}</dt>
        <dd translate="no">{user.email ?? '—'}</dd>
        <dt>{t('phone')}</dt>
        <dd translate="no">{user.phone ?? '—'}</dd>
        <dt>{t('gender')}</dt>
        <dd>{user.gender ? t(`genders.${user.gender}`) : t('genderUnset')}</dd>
        <dt>{t('language')}</dt>
        <dd>{t(`languages.${user.locale}`)}</dd>
        <dt>{t('lastLogin')}</dt>
        <dd>{when(user.lastLoginAt)}</dd>
        <dt>{t('createdAt')}</dt>
        <dd>{when(user.createdAt)}</dd>
      </dl>
    </Stack>
  );
}

/**
 * `/users/userManagement/info?id=…`: one account — its details, roles and direct permissions
 * with their scopes, the devices it is signed in on, and its history of changes.
 */
export default function UserInfoPage() {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const { client } = useAuth();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = uuid.test(id);
  const mayManage = client.hasPermission(['users.manage:school']);
  const mayGrant = client.hasPermission(['roles.manage:school']);
  const mayReadAudit = client.hasPermission(['audit.read:school']);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState<User | null>(null);
  const [tab, setTab] = useState('access');
  const changeStatus = useStatusChange();

  const account = useQuery({
    queryKey: ['user', id],
    queryFn: () => http.call('getUser', { params: { id } }),
    enabled: valid,
  });

  if (!valid) return <NoAccount reason="missing" />;
  if (account.error instanceof ApiError && account.error.code === 'NOT_FOUND') {
    return <NoAccount reason="unknown" />;
  }
  const user = account.data?.user;

  return (
    <Stack gap="large">
      <RecordPageHeader
        route="users-userManagement-info"
        actions={
          <>
            <BackToList />
            {user && mayManage ? (
              <>
                <Button variant="secondary" onPress={() => setEditing(true)}>
                  <Pencil size={18} aria-hidden="true" />
                  {t('edit')}
                </Button>
                <Button variant="secondary" onPress={() => setResetting(user)}>
                  <KeyRound size={18} aria-hidden="true" />
                  {t('resetPassword')}
                </Button>
                {user.status === 'active' ? (
                  <Button variant="danger" onPress={() => void changeStatus(user, 'disabled')}>
                    <UserX size={18} aria-hidden="true" />
                    {t('disable')}
                  </Button>
                ) : (
                  <Button onPress={() => void changeStatus(user, 'active')}>
                    <UserCheck size={18} aria-hidden="true" />
                    {user.status === 'pending' ? t('approve') : t('enable')}
                  </Button>
                )}
              </>
            ) : null}
          </>
        }
      />
      <Card>
        {account.isPending ? (
          <Stack gap="small">
            <Skeleton shape="text" />
            <Skeleton shape="text" />
          </Stack>
        ) : account.error ? (
          <Stack gap="small" align="start">
            <Text tone="danger" role="alert">
              {failureText(account.error, lang, t)}
            </Text>
            <Button variant="secondary" size="small" onPress={() => void account.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        ) : user ? (
          <Details user={user} />
        ) : null}
      </Card>
      {user ? (
        <Card>
          <Tabs
            aria-label={t('sections')}
            selectedKey={tab}
            onSelectionChange={(key) => setTab(String(key))}
            tabs={[
              {
                id: 'access',
                label: t('access'),
                // Keyed by what was saved, so the editor starts again from the server's answer.
                content: (
                  <AccessEditor
                    key={`${user.roles.map((r) => r.id).join()}|${user.directPermissions.join()}`}
                    user={user}
                    mayGrant={mayGrant}
                  />
                ),
              },
              {
                id: 'devices',
                label: t('devices'),
                content: (
                  <Stack gap="small">
                    <Heading level={2}>{t('devices')}</Heading>
                    <Text tone="muted">{t('devicesHelp')}</Text>
                    <SessionsList userId={user.id} mayManage={mayManage} />
                  </Stack>
                ),
              },
              {
                id: 'history',
                label: t('history'),
                content: (
                  <Stack gap="small">
                    <Heading level={2}>{t('history')}</Heading>
                    {mayReadAudit ? (
                      <AuditTrail userId={user.id} />
                    ) : (
                      <Text tone="muted">{t('historyNotAllowed')}</Text>
                    )}
                  </Stack>
                ),
              },
            ]}
          />
        </Card>
      ) : null}
      <Dialog
        isOpen={editing}
        onOpenChange={(open) => !open && setEditing(false)}
        title={t('editTitle')}
        size="large"
      >
        {editing && user ? (
          <UserForm
            user={user}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              setEditing(false);
              toast.success(t('saved', { name: userName(saved, lang) }));
            }}
          />
        ) : null}
      </Dialog>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
