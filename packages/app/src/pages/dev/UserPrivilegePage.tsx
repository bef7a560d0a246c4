import {
  builtInRoleKeys,
  builtInRoles,
  permissionActions,
  scopeOf,
  type PermissionScope,
} from '@sala/contract';
import { Badge, Card, Heading, Inline, Stack, Text, pickText } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { actionsByArea, scopeTone } from '../users/permissionCatalogue.js';
import { PageHeader } from './DevPageHeader.js';
import * as styles from './devPages.css.js';

/**
 * `/dev/UserPrivillege`: the permission catalogue, read only: every action with the scopes it
 * can be granted at, and how far each built-in role holds it.
 */
export default function UserPrivilegePage() {
  const { t, i18n } = useTranslation('demo');
  const lang = i18n.language;
  return (
    <Stack gap="large">
      <PageHeader route="dev-UserPrivillege" />
      <Card>
        <Stack gap="small">
          <Text>{t('privileges.intro')}</Text>
          <Inline gap="small">
            {(['own', 'department', 'school'] as const).map((scope) => (
              <Badge key={scope} tone={scopeTone[scope]}>
                {t(`privileges.scopes.${scope}`)}
              </Badge>
            ))}
          </Inline>
          <Text size="small" tone="muted">
            {t('privileges.scopeHelp')}
          </Text>
        </Stack>
      </Card>
      {actionsByArea().map(([area, actions]) => (
        <Card key={area} as="section" aria-labelledby={`area-${area}`}>
          <Stack gap="small">
            <Heading level={2} id={`area-${area}`}>
              {t(`privileges.areas.${area}`)}
            </Heading>
            <ul className={styles.plainList}>
              {actions.map((action) => {
                const definition = permissionActions[action];
                const holders = builtInRoleKeys.flatMap((key) => {
                  const scope = scopeOf(builtInRoles[key].permissions, action);
                  return scope ? [{ key, scope }] : [];
                });
                return (
                  <li key={action} className={styles.actionRow}>
                    <Stack gap="xxsmall">
                      {/* The catalogue's own label, already in the reader's language; it may
                          name a product such as Telegram, so page translators leave it alone. */}
                      <Text weight="medium" translate="no">
                        {pickText(definition.label, lang)}
                      </Text>
                      <span className={styles.code} translate="no">
                        {action}
                      </span>
                      <Text size="small" tone="muted">
                        {holders.length > 0
                          ? t('privileges.heldBy', {
                              roles: holders
                                .map(({ key, scope }) =>
                                  t('privileges.roleAtScope', {
                                    role: pickText(builtInRoles[key].name, lang),
                                    scope: t(`privileges.scopes.${scope}`),
                                  }),
                                )
                                .join(lang === 'km' ? ' ' : ', '),
                            })
                          : t('privileges.heldByNone')}
                      </Text>
                    </Stack>
                    <Inline gap="xsmall">
                      {(definition.scopes as readonly PermissionScope[]).map((scope) => (
                        <Badge key={scope} tone={scopeTone[scope]}>
                          {t(`privileges.scopes.${scope}`)}
                        </Badge>
                      ))}
                    </Inline>
                  </li>
                );
              })}
            </ul>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
