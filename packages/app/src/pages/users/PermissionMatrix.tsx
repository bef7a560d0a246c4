import { permissionActions, type PermissionAction, type PermissionScope } from '@sala/contract';
import { Heading, Select, Stack, Text, VisuallyHidden, pickText } from '@sala/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsByArea, fromScopeMap, scopesOf, toScopeMap } from './permissionCatalogue.js';
import * as styles from './users.css.js';

const none = 'none';
type Choice = PermissionScope | typeof none;

interface PermissionMatrixProps {
  /** The permissions chosen (strings such as `students.read:school`). */
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  /** Permissions held another way (through roles), shown beside each action. */
  inherited?: readonly string[];
  isDisabled?: boolean;
  /** An id prefix for the area headings (several matrices may share a page). */
  idPrefix: string;
}

/**
 * Every action of the catalogue, area by area, with the scope it is granted at: not at all, or
 * one of the scopes the action allows (own, department, school). A wider scope includes the
 * narrower ones, so one choice per action says it all.
 */
export function PermissionMatrix({
  value,
  onChange,
  inherited,
  isDisabled,
  idPrefix,
}: PermissionMatrixProps) {
  const { t, i18n } = useTranslation('users');
  const lang = i18n.language;
  const chosen = useMemo(() => toScopeMap(value), [value]);
  const viaRoles = useMemo(() => toScopeMap(inherited ?? []), [inherited]);
  const areas = useMemo(() => actionsByArea(), []);

  const set = (action: PermissionAction, choice: Choice) => {
    const next = new Map(chosen);
    if (choice === none) next.delete(action);
    else next.set(action, choice);
    onChange(fromScopeMap(next));
  };

  return (
    <Stack gap="large">
      {areas.map(([area, actions]) => (
        <section key={area} aria-labelledby={`${idPrefix}-${area}`}>
          <Stack gap="xsmall">
            <Heading level={3} id={`${idPrefix}-${area}`}>
              {t(`areas.${area}`)}
            </Heading>
            <ul className={styles.plainList}>
              {actions.map((action) => {
                const inheritedScope = viaRoles.get(action);
                return (
                  <li key={action} className={styles.matrixRow}>
                    <Stack gap="none">
                      {/* The catalogue's own label, already in the reader's language; it may
                          name a product such as Telegram, so page translators leave it alone. */}
                      <Text weight="medium" translate="no">
                        {pickText(permissionActions[action].label, lang)}
                      </Text>
                      <span className={styles.code} translate="no">
                        {action}
                      </span>
                      {inheritedScope ? (
                        <Text size="small" tone="muted">
                          {t('throughRoles', { scope: t(`scopes.${inheritedScope}`) })}
                        </Text>
                      ) : null}
                    </Stack>
                    <Select<Choice>
                      label={
                        <VisuallyHidden translate="no">
                          {t('scopeOf', {
                            action: pickText(permissionActions[action].label, lang),
                          })}
                        </VisuallyHidden>
                      }
                      options={[
                        { id: none, label: t('scopes.none') },
                        ...scopesOf(action).map((scope) => ({
                          id: scope,
                          label: t(`scopes.${scope}`),
                        })),
                      ]}
                      value={chosen.get(action) ?? none}
                      onChange={(choice) => choice && set(action, choice)}
                      isDisabled={isDisabled}
                    />
                  </li>
                );
              })}
            </ul>
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
