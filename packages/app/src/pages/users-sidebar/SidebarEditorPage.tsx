import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasAnyPermission, type SidebarEntry } from '@sala/contract';
import {
  Badge,
  Button,
  Card,
  Heading,
  IconButton,
  Inline,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  pickText,
  useConfirm,
  useToast,
} from '@sala/ui';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { errorText } from '../../i18n/errors.js';
import { editableMenu, moveEntry, sameMenu } from '../../navigation.js';
import { menuLink } from '../../routeRegistry.js';
import { ownSidebarKey, sidebarLayoutsKey } from '../../sidebarLayout.js';
import * as styles from './SidebarEditorPage.css.js';

/** `/users/sidebar`: the sidebar's menu entries per role, which an administrator orders and hides. */
export default function SidebarEditorPage() {
  const { t, i18n } = useTranslation(['menu', 'pages']);
  const http = useHttp();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const lang = i18n.language;

  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => http.call('getRoles'),
  });
  const layouts = useQuery({
    queryKey: sidebarLayoutsKey,
    queryFn: () => http.call('getSidebarLayouts'),
  });
  const [roleId, setRoleId] = useState<string | null>(null);
  const role = roles.data?.roles.find((r) => r.id === roleId) ?? roles.data?.roles[0];
  const saved = layouts.data?.layouts.find((layout) => layout.roleId === role?.id);
  const savedDraft = editableMenu(saved);
  // The edits of the chosen role; dropped when another role is chosen or the layout saved.
  const [edit, setEdit] = useState<{ roleId: string; entries: SidebarEntry[] } | null>(null);
  const draft = edit && edit.roleId === role?.id ? edit.entries : savedDraft;
  const dirty = !sameMenu(draft, savedDraft);
  const roleName = role ? pickText({ km: role.nameKm, en: role.nameEn }, lang) || role.key : '';

  const failed = (error: unknown) =>
    toast.error(errorText(error instanceof ApiError ? error.code : 'UNKNOWN', lang, t));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sidebarLayoutsKey }),
      queryClient.invalidateQueries({ queryKey: ownSidebarKey }),
    ]);
  const save = useMutation({
    mutationFn: (entries: SidebarEntry[]) =>
      http.call('putSidebarLayout', { params: { id: role!.id }, body: { entries } }),
    onSuccess: async () => {
      await refresh();
      setEdit(null);
      toast.success(t('menu:saved', { role: roleName }));
    },
    onError: failed,
  });
  const reset = useMutation({
    mutationFn: () => http.call('deleteSidebarLayout', { params: { id: role!.id } }),
    onSuccess: async () => {
      await refresh();
      setEdit(null);
      toast.success(t('menu:restored', { role: roleName }));
    },
    onError: failed,
  });

  const change = (entries: SidebarEntry[]) => role && setEdit({ roleId: role.id, entries });
  const move = (index: number, by: -1 | 1) => change(moveEntry(draft, index, by));
  const toggle = (index: number, shown: boolean) =>
    change(draft.map((entry, i) => (i === index ? { ...entry, hidden: !shown } : entry)));

  const loadError = roles.error ?? layouts.error;

  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t('pages:users-sidebar.title')}</Heading>
        <Text tone="muted">{t('pages:users-sidebar.description')}</Text>
      </Stack>
      {loadError ? (
        <Card>
          <Stack gap="small" align="start">
            <Text tone="danger" role="alert">
              {errorText(loadError instanceof ApiError ? loadError.code : 'UNKNOWN', lang, t)}
            </Text>
            <Button
              variant="secondary"
              onPress={() => void Promise.all([roles.refetch(), layouts.refetch()])}
            >
              {t('menu:retry')}
            </Button>
          </Stack>
        </Card>
      ) : !roles.data || !layouts.data || !role ? (
        <Card>
          <Skeleton shape="text" lines={6} />
        </Card>
      ) : (
        <>
          <Card>
            <Stack gap="medium">
              <Select
                label={t('menu:role')}
                description={t('menu:roleHelp')}
                options={roles.data.roles.map((r) => ({
                  id: r.id,
                  label: pickText({ km: r.nameKm, en: r.nameEn }, lang) || r.key,
                }))}
                value={role.id}
                onChange={(id) => id && setRoleId(String(id))}
              />
              <Inline gap="small" alignY="center">
                <Badge tone={saved ? 'primary' : 'neutral'}>
                  {saved ? t('menu:customLayout') : t('menu:defaultLayout')}
                </Badge>
                {dirty && <Badge tone="warning">{t('menu:unsaved')}</Badge>}
              </Inline>
              <Text tone="muted" size="small">
                {t('menu:hint')}
              </Text>
            </Stack>
          </Card>
          <Card padding="small">
            <Stack gap="small">
              <Heading level={2}>{t('menu:entries', { role: roleName })}</Heading>
              <ol className={styles.list} aria-label={t('menu:entries', { role: roleName })}>
                {draft.map((entry, index) => {
                  const nav = menuLink(entry.route);
                  const Icon = nav.icon;
                  const title = t(`pages:${nav.label}.title`);
                  const canOpen =
                    role.system || hasAnyPermission(role.permissions, nav.permissions);
                  return (
                    <li key={entry.route} className={styles.row} data-route={entry.route}>
                      <Icon size={20} aria-hidden="true" className={styles.icon} />
                      <div className={styles.label}>
                        <Switch
                          isSelected={!entry.hidden}
                          onChange={(shown) => toggle(index, shown)}
                        >
                          {title}
                        </Switch>
                        {!canOpen && (
                          <Text size="small" tone="muted">
                            {t('menu:noAccess')}
                          </Text>
                        )}
                      </div>
                      <Inline gap="xsmall" noWrap>
                        <IconButton
                          label={t('menu:moveUp', { entry: title })}
                          icon={<ArrowUp size={18} />}
                          variant="ghost"
                          size="small"
                          tooltip={false}
                          isDisabled={index === 0}
                          onPress={() => move(index, -1)}
                        />
                        <IconButton
                          label={t('menu:moveDown', { entry: title })}
                          icon={<ArrowDown size={18} />}
                          variant="ghost"
                          size="small"
                          tooltip={false}
                          isDisabled={index === draft.length - 1}
                          onPress={() => move(index, 1)}
                        />
                      </Inline>
                    </li>
                  );
                })}
              </ol>
            </Stack>
          </Card>
          <Inline gap="small">
            <Button isDisabled={!dirty || save.isPending} onPress={() => save.mutate(draft)}>
              {t('menu:save')}
            </Button>
            {dirty && (
              <Button variant="ghost" onPress={() => setEdit(null)}>
                {t('menu:discard')}
              </Button>
            )}
            <Button
              variant="secondary"
              isDisabled={!saved || reset.isPending}
              onPress={async () => {
                const ok = await confirm({
                  title: t('menu:restoreTitle', { role: roleName }),
                  description: t('menu:restoreText'),
                  confirmText: t('menu:restore'),
                  cancelText: t('menu:cancel'),
                  type: 'warning',
                });
                if (ok) reset.mutate();
              }}
            >
              {t('menu:restore')}
            </Button>
          </Inline>
        </>
      )}
    </Stack>
  );
}
