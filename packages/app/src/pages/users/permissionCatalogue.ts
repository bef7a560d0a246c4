import {
  parsePermission,
  permissionActionNames,
  permissionActions,
  permissionScopes,
  scopeOf,
  type PermissionAction,
  type PermissionScope,
} from '@sala/contract';

/** How each scope is tinted wherever it is shown. */
export const scopeTone = { own: 'neutral', department: 'info', school: 'primary' } as const;

/** The actions of the catalogue grouped by their area (`users`, `attendance`…), in catalogue order. */
export function actionsByArea(): [area: string, actions: PermissionAction[]][] {
  const areas = new Map<string, PermissionAction[]>();
  for (const action of permissionActionNames) {
    const area = action.split('.')[0]!;
    areas.set(area, [...(areas.get(area) ?? []), action]);
  }
  return [...areas];
}

/** The scopes an action can be granted at, narrowest first. */
export function scopesOf(action: PermissionAction): readonly PermissionScope[] {
  return permissionActions[action].scopes as readonly PermissionScope[];
}

/** A set of permission strings as one scope (the widest held) per action. */
export function toScopeMap(held: readonly string[]): Map<PermissionAction, PermissionScope> {
  const map = new Map<PermissionAction, PermissionScope>();
  for (const action of permissionActionNames) {
    const scope = scopeOf(held, action);
    if (scope) map.set(action, scope);
  }
  return map;
}

/** One scope per action back to permission strings, in catalogue order. */
export function fromScopeMap(map: ReadonlyMap<PermissionAction, PermissionScope>): string[] {
  return permissionActionNames.flatMap((action) => {
    const scope = map.get(action);
    return scope ? [`${action}:${scope}`] : [];
  });
}

/** Permissions in `after` but not in `before` and the reverse, each parsed. */
export function permissionChanges(before: readonly string[], after: readonly string[]) {
  const parse = (list: string[]) =>
    list.flatMap((value) => {
      const parsed = parsePermission(value);
      return parsed ? [parsed] : [];
    });
  return {
    added: parse(after.filter((p) => !before.includes(p))),
    removed: parse(before.filter((p) => !after.includes(p))),
  };
}

export { permissionScopes };
