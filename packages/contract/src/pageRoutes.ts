import type { Permission } from './permissions.js';

/** Who may open a page. */
export interface PageAccess {
  /** Sign-in required. */
  signIn: boolean;
  /** A role tag required (the spec's "role teacher"); administrators pass too. */
  roleTag?: string;
  /** Permissions of which any one opens the page (none given: none needed). */
  permissions?: readonly Permission[];
  /** Permissions whose holders open the page without the role tag (the office publishing scores). */
  roleTagWaivedBy?: readonly Permission[];
}

/**
 * Where a page is offered as a link: the sidebar (a school may reorder or hide its entries per
 * role), and the Apps page's tiles (everything one can open, whatever the sidebar hides).
 */
export type MenuPlace = 'sidebar' | 'apps';

/** What the server and the app both know of a page: its address, who may open it, its menus. */
export interface PageRoute {
  path: string;
  access: PageAccess;
  /** The menus that link to it (none: reached from other pages only). */
  menu?: readonly MenuPlace[];
  /** Why this differs from the spec's table, or what the page is for, when it is not plain. */
  note?: string;
}

/**
 * Every page of the app by name (the route names of the product spec's section 2, and the pages
 * added since). The order is the menus' default order: the sidebar lists its entries in this
 * order, and so does the Apps page. The spec shows no sign-in requirement for some pages that
 * show a school's records (attendance, classes, departments, profiles); those require sign-in
 * here too, since the API refuses their data to anonymous users anyway and a page that can only
 * fail is no use. Each such case says so in `note`.
 *
 * The app adds to each name what renders it (page, frame, icon, title); the compiler checks
 * that both cover the same names.
 */
export const pageRoutes = {
  index: {
    path: '/',
    access: { signIn: true },
    menu: ['sidebar'],
    note: 'home: the target after sign-in',
  },
  AppMenu: {
    path: '/AppMenu',
    access: { signIn: true },
    menu: ['sidebar'],
    note: 'school data',
  },
  attendance: {
    path: '/attendance',
    access: { signIn: true, permissions: ['attendance.record:own', 'attendance.read:own'] },
    menu: ['sidebar', 'apps'],
    note: 'school data',
  },
  class: {
    path: '/class',
    access: { signIn: true, permissions: ['classes.read:own'] },
    menu: ['sidebar', 'apps'],
    note: 'school data',
  },
  'class-detail': {
    path: '/class/:id',
    access: { signIn: true, permissions: ['classes.read:own'] },
    note: 'school data: one class, its students, teachers and timetable',
  },
  students: {
    path: '/students',
    access: { signIn: true, permissions: ['students.read:own'] },
    menu: ['sidebar', 'apps'],
    note: 'school data',
  },
  'students-detail': {
    path: '/students/:id',
    access: { signIn: true, permissions: ['students.read:own'] },
    note: 'school data: one student, their classes year by year and their transfers',
  },
  studentScoringEntry: {
    path: '/studentScoringEntry',
    access: {
      signIn: true,
      roleTag: 'teacher',
      permissions: ['scores.enter:own', 'scores.publish:department'],
      roleTagWaivedBy: ['scores.publish:department'],
    },
    menu: ['sidebar', 'apps'],
    note: 'the office, which publishes scores without teaching, opens it too',
  },
  'dev-StudentReport': {
    path: '/dev/StudentReport',
    access: { signIn: true, permissions: ['reports.read:own'] },
    menu: ['sidebar', 'apps'],
  },
  teaching: {
    path: '/teaching',
    access: { signIn: true, permissions: ['teaching.read:own'] },
    menu: ['sidebar', 'apps'],
  },
  subjects: {
    path: '/subjects',
    access: { signIn: true, permissions: ['subjects.read:school'] },
    menu: ['sidebar', 'apps'],
    note: 'school data',
  },
  department: {
    path: '/department',
    access: { signIn: true, permissions: ['departments.read:school'] },
    menu: ['sidebar', 'apps'],
    note: 'school data',
  },
  'department-create': {
    path: '/department/create',
    access: { signIn: true, permissions: ['departments.manage:school'] },
    note: 'school data',
  },
  staff: {
    path: '/staff',
    access: { signIn: true, permissions: ['employees.read:department'] },
    menu: ['sidebar', 'apps'],
    note: 'school data: the staff records behind departments, classes and teaching',
  },
  'staff-detail': {
    path: '/staff/:id',
    access: { signIn: true, permissions: ['employees.read:department'] },
    note: 'school data: one staff member and the history of their working status',
  },
  'staff-accounts': {
    path: '/staff/accounts',
    access: { signIn: true, permissions: ['users.manage:school'] },
    note: 'school data: the sign-in slips of the accounts just made for staff',
  },
  users: {
    path: '/users',
    access: { signIn: true, roleTag: 'teacher', permissions: ['users.read:school'] },
    menu: ['sidebar', 'apps'],
  },
  'users-userManagement': {
    path: '/users/userManagement',
    access: { signIn: true, permissions: ['users.read:school'] },
  },
  'users-userManagement-info': {
    path: '/users/userManagement/info',
    access: { signIn: true, permissions: ['users.read:school'] },
  },
  'userPrivillege-userManagement': {
    path: '/userPrivillege/userManagement',
    access: { signIn: true, permissions: ['roles.read:school'] },
    menu: ['sidebar', 'apps'],
  },
  telegramSetup: {
    path: '/telegramSetup',
    access: { signIn: true, permissions: ['telegram.manage:school'] },
    menu: ['sidebar', 'apps'],
  },
  setup: {
    path: '/setup',
    access: { signIn: true, permissions: ['school.manage:school'] },
    menu: ['sidebar', 'apps'],
  },
  'users-sidebar': {
    path: '/users/sidebar',
    access: { signIn: true, permissions: ['roles.manage:school'] },
    menu: ['apps'],
    note: 'edits the menu',
  },
  userProfile: {
    path: '/userProfile',
    access: { signIn: true },
    menu: ['apps'],
    note: 'own account',
  },
  userProfileInfo: { path: '/userProfileInfo', access: { signIn: true } },
  'users-profile': { path: '/users/profile', access: { signIn: true } },
  JwtView: { path: '/JwtView', access: { signIn: true }, note: 'shows the own token' },
  'auths-login': { path: '/auths/login', access: { signIn: false } },
  'auths-password': {
    path: '/auths/password',
    access: { signIn: true },
    note: 'a temporary password (a new account, or one reset) is changed here before anything else',
  },
  'auths-signup': { path: '/auths/signup', access: { signIn: false } },
  DemoComponent: { path: '/DemoComponent', access: { signIn: true } },
  'dev-ModalTest': { path: '/dev/ModalTest', access: { signIn: false } },
  'dev-TableTest': { path: '/dev/TableTest', access: { signIn: false } },
  'dev-ImageUpload': { path: '/dev/ImageUpload', access: { signIn: true } },
  'dev-userManagement': {
    path: '/dev/userManagement',
    access: { signIn: true },
    note: 'open to every signed-in user: the page lists the users for those who may see them and explains why to the others',
  },
  'dev-UserPrivillege': {
    path: '/dev/UserPrivillege',
    access: { signIn: false },
    note: 'a living example of the privileges editor on sample data',
  },
} as const satisfies Record<string, PageRoute>;

/** A page's name: a name not in `pageRoutes` does not compile. */
export type PageRouteName = keyof typeof pageRoutes;

/** The pages by name, each seen as a `PageRoute` (its optional parts readable on every one). */
export const pageRouteSpecs: Readonly<Record<PageRouteName, PageRoute>> = pageRoutes;

/** Every page's name, in the menus' default order. */
export const pageRouteNames = Object.keys(pageRoutes) as readonly PageRouteName[];

/** The pages a menu links to (any menu when none is named). */
export type MenuRoute<P extends MenuPlace = MenuPlace> = {
  [N in PageRouteName]: (typeof pageRoutes)[N] extends { readonly menu: readonly (infer Q)[] }
    ? P extends Q
      ? N
      : never
    : never;
}[PageRouteName];

/** Whether a menu links to the page. */
export function inMenu<P extends MenuPlace>(place: P) {
  return (name: PageRouteName): name is MenuRoute<P> =>
    pageRouteSpecs[name].menu?.includes(place) ?? false;
}

/** The routes the app's sidebar can show. */
export type SidebarRoute = MenuRoute<'sidebar'>;

/**
 * The routes the app's sidebar can show, in their default order. A school may reorder or hide
 * them per role; the app still shows each one only to those who may open its route.
 */
export const sidebarRoutes: readonly SidebarRoute[] = pageRouteNames.filter(inMenu('sidebar'));

const knownRoutes = new Set<string>(sidebarRoutes);
export function isSidebarRoute(value: string): value is SidebarRoute {
  return knownRoutes.has(value);
}

/** One menu entry of a role's layout: which route, and whether the role sees it. */
export type SidebarEntry = { route: SidebarRoute; hidden: boolean };
