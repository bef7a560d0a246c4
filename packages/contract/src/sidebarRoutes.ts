/**
 * The routes the app's sidebar can show (route names of the product spec's table), in their
 * default order. A school may reorder or hide them per role; the app still shows each one only
 * to those who may open its route.
 */
export const sidebarRoutes = [
  'index',
  'AppMenu',
  'attendance',
  'class',
  'students',
  'studentScoringEntry',
  'dev-StudentReport',
  'teaching',
  'subjects',
  'department',
  'staff',
  'users',
  'userPrivillege-userManagement',
  'telegramSetup',
  'setup',
] as const;
export type SidebarRoute = (typeof sidebarRoutes)[number];

const knownRoutes = new Set<string>(sidebarRoutes);
export function isSidebarRoute(value: string): value is SidebarRoute {
  return knownRoutes.has(value);
}

/** One menu entry of a role's layout: which route, and whether the role sees it. */
export type SidebarEntry = { route: SidebarRoute; hidden: boolean };
