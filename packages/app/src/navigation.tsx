import { sidebarRoutes, type SidebarEntry, type SidebarRoute } from '@sala/contract';
import { menuLink, type MenuLink } from './routeRegistry.js';

/** An entry of the sidebar: a page of the route registry, its icon and title, and who sees it. */
export type NavEntry = MenuLink<SidebarRoute>;

/** The sidebar's entries in their default order, each shown only to those who may open its route. */
export const navEntries: readonly NavEntry[] = sidebarRoutes.map(menuLink);

/** A role's saved menu: its entries in order, some hidden. */
export interface MenuLayout {
  entries: readonly SidebarEntry[];
}

/**
 * The menu entries in one saved layout's order: the entries it lists first, in its order, then
 * those it does not list in their default order (a menu entry added later is not lost).
 */
export function orderedBy<E extends { route: string }>(
  entries: readonly E[],
  layout: MenuLayout | undefined,
): E[] {
  if (!layout) return [...entries];
  const rank = new Map(layout.entries.map((entry, index) => [entry.route as string, index]));
  const listed = entries
    .filter((entry) => rank.has(entry.route))
    .sort((a, b) => rank.get(a.route)! - rank.get(b.route)!);
  return [...listed, ...entries.filter((entry) => !rank.has(entry.route))];
}

/**
 * The sidebar of a user after their roles' saved layouts. `layouts` are those of the user's
 * roles that have one, in the order of the school's roles list; `roleCount` is how many roles
 * the user holds. The order is that of the first layout. An entry is hidden only when every
 * one of the user's roles hides it: a role without a layout uses the default menu, where
 * nothing is hidden. Hiding only tidies the menu; pages still check their permissions, and the
 * caller still filters the result by them.
 */
export function applySidebarLayouts<E extends { route: string }>(
  entries: readonly E[],
  layouts: readonly MenuLayout[],
  roleCount: number,
): E[] {
  const ordered = orderedBy(entries, layouts[0]);
  if (layouts.length === 0 || layouts.length < roleCount) return ordered;
  const hiddenBy = (layout: MenuLayout, route: string) =>
    layout.entries.some((entry) => entry.route === route && entry.hidden);
  return ordered.filter((entry) => !layouts.every((layout) => hiddenBy(layout, entry.route)));
}

/**
 * A role's menu as the settings page edits it: every menu entry, in the saved layout's order
 * (else the default), each marked shown or hidden.
 */
export function editableMenu(layout: MenuLayout | undefined): SidebarEntry[] {
  return orderedBy(navEntries, layout).map((entry) => ({
    route: entry.route,
    hidden: layout?.entries.find((saved) => saved.route === entry.route)?.hidden ?? false,
  }));
}

/** The menu with the entry at `index` moved one place up (-1) or down (1); unchanged at an end. */
export function moveEntry<E>(entries: readonly E[], index: number, by: -1 | 1): E[] {
  const target = index + by;
  if (index < 0 || index >= entries.length || target < 0 || target >= entries.length) {
    return [...entries];
  }
  const next = [...entries];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Whether two edited menus are the same (same order, same hidden entries). */
export function sameMenu(a: readonly SidebarEntry[], b: readonly SidebarEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, i) => entry.route === b[i]?.route && entry.hidden === b[i]?.hidden)
  );
}
