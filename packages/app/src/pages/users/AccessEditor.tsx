import type { User } from '@sala/contract';
import { Button, CheckboxGroup, Heading, Inline, Stack, Text, useToast } from '@sala/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText } from '../../records/errors.js';
import * as records from '../../records/records.css.js';
import { PermissionMatrix } from './PermissionMatrix.js';
import { roleName, useRoles, userName } from './userParts.js';

/**
 * What an account may do: its roles, and permissions given to it directly, each at a scope.
 * Only those who manage roles change them; the server refuses anything beyond the grantor's own
 * permissions, and taking the last administrator's role.
 */
export function AccessEditor({ user, mayGrant }: { user: User; mayGrant: boolean }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = useRoles();
  const [roleIds, setRoleIds] = useState(() => user.roles.map((r) => r.id));
  const [permissions, setPermissions] = useState<string[]>(() => user.directPermissions);

  const refresh = async (saved: User) => {
    queryClient.setQueryData(['user', saved.id], { user: saved });
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    await queryClient.invalidateQueries({ queryKey: ['roles'] });
    await queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
  const saveRoles = useMutation({
    mutationFn: () =>
      http.call('putUserRoles', {
        params: { id: user.id },
        body: {
          roleIds,
          version: user.version,
        },
      }),
    onSuccess: async ({ user: saved }) => {
      toast.success(t('rolesSaved', { name: userName(saved, lang) }));
      setRoleIds(saved.roles.map((r) => r.id));
      await refresh(saved);
    },
  });
  const savePermissions = useMutation({
    mutationFn: () =>
      http.call('putUserPermissions', {
        params: { id: user.id },
        body: {
          permissions,
          version: user.version,
        },
      }),
    onSuccess: async ({ user: saved }) => {
      toast.success(t('permissionsSaved', { name: userName(saved, lang) }));
      setPermissions(saved.directPermissions);
      await refresh(saved);
    },
  });

  // What the chosen roles already give, shown beside each action of the direct grants.
  const inherited = useMemo(
    () => (roles.data ?? []).filter((r) => roleIds.includes(r.id)).flatMap((r) => r.permissions),
    [roleIds, roles.data],
  );
  const rolesChanged =
    [...roleIds].sort().join() !==
    user.roles
      .map((r) => r.id)
      .sort()
      .join();
  const permissionsChanged =
    [...permissions].sort().join() !== [...user.directPermissions].sort().join();

  return (
    <Stack gap="large">
      <section aria-labelledby="user-roles">
        <Stack gap="small">
          <Heading level={2} id="user-roles">
            {t('roles')}
          </Heading>
          {roles.data ? (
            <CheckboxGroup
              label={t('rolesOf', { name: userName(user, lang) })}
              description={t('rolesHelp')}
              orientation="horizontal"
              options={roles.data.map((r) => ({ id: r.id, label: roleName(r, lang) }))}
              value={roleIds}
              onChange={setRoleIds}
              isDisabled={!mayGrant}
            />
          ) : (
            <Text>
              {user.roles.length > 0 ? (
                <span translate="no">{user.roles.map((r) => roleName(r, lang)).join(', ')}</span>
              ) : (
                t('noRoles')
              )}
            </Text>
          )}
          {saveRoles.error ? (
            <div role="alert" className={records.formError}>
              {failureText(saveRoles.error, lang, t)}
            </div>
          ) : null}
          {mayGrant ? (
            <Inline gap="small">
              <Button
                onPress={() => saveRoles.mutate()}
                isPending={saveRoles.isPending}
                isDisabled={!rolesChanged}
              >
                {t('saveRoles')}
              </Button>
            </Inline>
          ) : null}
        </Stack>
      </section>
      <section aria-labelledby="user-permissions">
        <Stack gap="small">
          <Heading level={2} id="user-permissions">
            {t('directPermissions')}
          </Heading>
          <Text tone="muted">{t('directPermissionsHelp')}</Text>
          {!mayGrant ? <Text tone="muted">{t('grantNotAllowed')}</Text> : null}
          <PermissionMatrix
            idPrefix="direct"
            value={permissions}
            onChange={setPermissions}
            inherited={inherited}
            isDisabled={!mayGrant}
          />
          {savePermissions.error ? (
            <div role="alert" className={records.formError}>
              {failureText(savePermissions.error, lang, t)}
            </div>
          ) : null}
          {mayGrant ? (
            <Inline gap="small">
              <Button
                onPress={() => savePermissions.mutate()}
                isPending={savePermissions.isPending}
                isDisabled={!permissionsChanged}
              >
                {t('savePermissions')}
              </Button>
              <Button
                variant="secondary"
                onPress={() => setPermissions(user.directPermissions)}
                isDisabled={!permissionsChanged}
              >
                {t('undoChanges')}
              </Button>
            </Inline>
          ) : null}
        </Stack>
      </section>
    </Stack>
  );
}
