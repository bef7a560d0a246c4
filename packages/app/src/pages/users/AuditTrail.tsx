import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditEntry, permissionActions, type PermissionScope } from '@sala/contract';
import {
  Badge,
  EmptyState,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Button,
  pickText,
  useDigits,
} from '@sala/ui';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHttp } from '../../api/ServicesProvider.js';
import { formatDateTime } from '../../i18n/dates.js';
import { failureText } from '../../records/errors.js';
import { deviceName } from '../profile/DevicesSection.js';
import { permissionChanges, scopeTone } from './permissionCatalogue.js';
import { roleName } from './userParts.js';
import * as styles from './users.css.js';

/** The changes the history knows how to name; others are named by their record. */
const knownActions = [
  'user.create',
  'user.update',
  'user.approve',
  'user.disable',
  'user.enable',
  'user.password_reset',
  'user.roles',
  'user.permissions',
  'session.revoke',
  'session.revoke_others',
  'role.create',
  'role.update',
  'role.delete',
] as const;

/** The account fields a change can touch, as the history lists them. */
const userFields = ['username', 'nameKm', 'nameEn', 'email', 'phone', 'gender', 'locale'] as const;

type Mode = 'about' | 'by';

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
type RoleRef = { key: string; nameKm: string; nameEn: string };
const roleRefs = (value: unknown): RoleRef[] =>
  Array.isArray(value)
    ? value.flatMap((v) => {
        const r = record(v);
        return typeof r.key === 'string'
          ? [{ key: r.key, nameKm: String(r.nameKm ?? ''), nameEn: String(r.nameEn ?? '') }]
          : [];
      })
    : [];

/** What a change did, in a few words: the grants added and removed, the fields changed. */
function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const before = record(entry.before);
  const after = record(entry.after);
  const grant = (
    action: keyof typeof permissionActions,
    scope: PermissionScope,
    added: boolean,
  ) => (
    <li key={`${added ? '+' : '-'}${action}:${scope}`}>
      <Stack gap="none">
        <Text size="small">
          {added ? t('granted') : t('revoked')}{' '}
          <span translate="no">{pickText(permissionActions[action].label, lang)}</span>{' '}
          <Badge tone={scopeTone[scope]}>{t(`scopes.${scope}`)}</Badge>
        </Text>
      </Stack>
    </li>
  );

  if (entry.action === 'user.permissions' || entry.action.startsWith('role.')) {
    const key = entry.action === 'user.permissions' ? 'directPermissions' : 'permissions';
    const { added, removed } = permissionChanges(strings(before[key]), strings(after[key]));
    if (added.length + removed.length === 0) return null;
    return (
      <ul className={styles.plainList}>
        {added.map((p) => grant(p.action, p.scope, true))}
        {removed.map((p) => grant(p.action, p.scope, false))}
      </ul>
    );
  }
  if (entry.action === 'user.roles' || entry.action === 'user.create') {
    const had = roleRefs(before.roles);
    const has = roleRefs(after.roles);
    const added = has.filter((r) => !had.some((o) => o.key === r.key));
    const removed = had.filter((r) => !has.some((o) => o.key === r.key));
    if (added.length + removed.length === 0) return null;
    return (
      <ul className={styles.plainList}>
        {added.map((r) => (
          <li key={`+${r.key}`}>
            <Text size="small">
              {t('roleGiven')} <span translate="no">{roleName(r, lang)}</span>
            </Text>
          </li>
        ))}
        {removed.map((r) => (
          <li key={`-${r.key}`}>
            <Text size="small">
              {t('roleTaken')} <span translate="no">{roleName(r, lang)}</span>
            </Text>
          </li>
        ))}
      </ul>
    );
  }
  if (entry.action === 'user.update') {
    const changed = userFields.filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
    if (changed.length === 0) return null;
    return (
      <Text size="small" tone="muted">
        {t('fieldsChanged', { fields: changed.map((f) => t(`fields.${f}`)).join(', ') })}
      </Text>
    );
  }
  if (entry.action === 'session.revoke') {
    const device = before.userAgent;
    return (
      <Text size="small" tone="muted">
        {t('deviceLabel')}{' '}
        <span translate="no">{deviceName(typeof device === 'string' ? device : null)}</span>
      </Text>
    );
  }
  return null;
}

function actionText(entry: AuditEntry, t: (key: string) => string) {
  return (knownActions as readonly string[]).includes(entry.action)
    ? t(`auditActions.${entry.action.replace('.', '_')}`)
    : t('auditActions.other');
}

/**
 * The history of one account, newest first, a page at a time: the changes made to it (roles,
 * permissions, status, password) or the changes the person made, with who and when.
 */
export function AuditTrail({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const http = useHttp();
  const digits = useDigits();
  const [mode, setMode] = useState<Mode>('about');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const history = useQuery({
    queryKey: ['audit', { userId, mode, page }],
    queryFn: () =>
      http.call('getAudit', {
        query: {
          page,
          pageSize,
          ...(mode === 'about' ? { entity: 'user', entityId: userId } : { actorId: userId }),
        },
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="medium">
      <SegmentedControl<Mode>
        label={t('historyShows')}
        segments={[
          { id: 'about', label: t('historyAbout') },
          { id: 'by', label: t('historyBy') },
        ]}
        value={mode}
        onChange={(value) => {
          setMode(value);
          setPage(1);
        }}
      />
      {history.isPending ? <Skeleton shape="text" /> : null}
      {history.error ? (
        <Stack gap="small" align="start">
          <Text tone="danger" role="alert">
            {failureText(history.error, lang, t)}
          </Text>
          <Button variant="secondary" size="small" onPress={() => void history.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      ) : null}
      {history.data && history.data.items.length === 0 ? (
        <EmptyState
          icon={<History size={32} aria-hidden="true" />}
          title={t('historyEmpty')}
          description={mode === 'about' ? t('historyEmptyAbout') : t('historyEmptyBy')}
          headingLevel={3}
        />
      ) : null}
      {history.data && history.data.items.length > 0 ? (
        <>
          <ul className={styles.plainList} aria-label={t('historyLabel')}>
            {history.data.items.map((entry) => (
              <li key={entry.id} className={styles.auditEntry}>
                <Stack gap="xxsmall">
                  <div className={styles.wrapRow}>
                    <Text weight="medium">
                      {actionText(entry, t)}
                      {actionText(entry, t) === t('auditActions.other') ? (
                        <>
                          {' '}
                          <span translate="no" className={styles.code}>
                            {entry.action}
                          </span>
                        </>
                      ) : null}
                    </Text>
                    <Text size="small" tone="muted">
                      {formatDateTime(new Date(entry.at), lang, true, digits)}
                    </Text>
                  </div>
                  <Text size="small" tone="muted">
                    {t('by')}{' '}
                    {entry.actorName ? <span translate="no">{entry.actorName}</span> : t('system')}
                  </Text>
                  <ChangeDetails entry={entry} />
                </Stack>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={pageSize}
            total={history.data.total}
            onPageChange={setPage}
            digits={digits}
          />
        </>
      ) : null}
    </Stack>
  );
}
