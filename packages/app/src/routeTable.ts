import type { Permission } from '@sala/contract';

/** Which frame a page renders in; both are loaded on demand. */
export type LayoutName = 'default' | 'userPrivilege' | 'bare';

export interface RouteSpec {
  /** The route's name in the product spec (section 2). */
  name: string;
  path: string;
  layout: LayoutName;
  /** Sign-in required. */
  signIn: boolean;
  /** A role tag required (the spec's "role teacher"); administrators pass too. */
  roleTag?: string;
  /** Permissions of which any one opens the page (empty: none needed). */
  permissions?: readonly Permission[];
  /** Permissions whose holders open the page without the role tag (the office publishing scores). */
  roleTagWaivedBy?: readonly Permission[];
  /** Why this differs from the spec's table, when it does. */
  note?: string;
}

/**
 * Every route of the product spec's section 2, in its order. The spec shows no sign-in
 * requirement for some pages that show a school's records (attendance, classes, departments,
 * profiles); those require sign-in here too, since the API refuses their data to anonymous users
 * anyway and a page that can only fail is no use. Each such case says so in `note`.
 */
export const routeTable: readonly RouteSpec[] = [
  {
    name: 'index',
    path: '/',
    layout: 'default',
    signIn: true,
    note: 'home: the target after sign-in',
  },
  { name: 'AppMenu', path: '/AppMenu', layout: 'default', signIn: true, note: 'school data' },
  {
    name: 'JwtView',
    path: '/JwtView',
    layout: 'default',
    signIn: true,
    note: 'shows the own token',
  },
  {
    name: 'attendance',
    path: '/attendance',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['attendance.record:own', 'attendance.read:own'],
  },
  {
    name: 'class',
    path: '/class',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['classes.read:own'],
  },
  {
    name: 'class-detail',
    path: '/class/:id',
    layout: 'default',
    signIn: true,
    note: 'school data: one class, its students, teachers and timetable',
    permissions: ['classes.read:own'],
  },
  {
    name: 'students',
    path: '/students',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['students.read:own'],
  },
  {
    name: 'students-detail',
    path: '/students/:id',
    layout: 'default',
    signIn: true,
    note: 'school data: one student, their classes year by year and their transfers',
    permissions: ['students.read:own'],
  },
  {
    name: 'staff',
    path: '/staff',
    layout: 'default',
    signIn: true,
    note: 'school data: the staff records behind departments, classes and teaching',
    permissions: ['employees.read:department'],
  },
  {
    name: 'staff-detail',
    path: '/staff/:id',
    layout: 'default',
    signIn: true,
    note: 'school data: one staff member and the history of their working status',
    permissions: ['employees.read:department'],
  },
  {
    name: 'setup',
    path: '/setup',
    layout: 'default',
    signIn: true,
    permissions: ['school.manage:school'],
  },
  {
    name: 'userProfile',
    path: '/userProfile',
    layout: 'default',
    signIn: true,
    note: 'own account',
  },
  {
    name: 'users',
    path: '/users',
    layout: 'default',
    signIn: true,
    roleTag: 'teacher',
    permissions: ['users.read:school'],
  },
  { name: 'DemoComponent', path: '/DemoComponent', layout: 'default', signIn: true },
  { name: 'dev-ModalTest', path: '/dev/ModalTest', layout: 'default', signIn: false },
  { name: 'dev-TableTest', path: '/dev/TableTest', layout: 'default', signIn: false },
  { name: 'users-profile', path: '/users/profile', layout: 'default', signIn: true },
  {
    name: 'users-sidebar',
    path: '/users/sidebar',
    layout: 'default',
    signIn: true,
    note: 'edits the menu',
    permissions: ['roles.manage:school'],
  },
  {
    name: 'teaching',
    path: '/teaching',
    layout: 'default',
    signIn: true,
    permissions: ['teaching.read:own'],
  },
  { name: 'dev-ImageUpload', path: '/dev/ImageUpload', layout: 'default', signIn: true },
  {
    name: 'department',
    path: '/department',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['departments.read:school'],
  },
  { name: 'auths-login', path: '/auths/login', layout: 'bare', signIn: false },
  {
    name: 'department-create',
    path: '/department/create',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['departments.manage:school'],
  },
  {
    name: 'subjects',
    path: '/subjects',
    layout: 'default',
    signIn: true,
    note: 'school data',
    permissions: ['subjects.read:school'],
  },
  {
    name: 'dev-StudentReport',
    path: '/dev/StudentReport',
    layout: 'default',
    signIn: true,
    permissions: ['reports.read:own'],
  },
  { name: 'auths-signup', path: '/auths/signup', layout: 'bare', signIn: false },
  {
    name: 'telegramSetup',
    path: '/telegramSetup',
    layout: 'default',
    signIn: true,
    permissions: ['telegram.manage:school'],
  },
  { name: 'userProfileInfo', path: '/userProfileInfo', layout: 'default', signIn: true },
  {
    name: 'dev-userManagement',
    path: '/dev/userManagement',
    layout: 'default',
    signIn: true,
    note: 'open to every signed-in user: the page lists the users for those who may see them and explains why to the others',
  },
  {
    name: 'dev-UserPrivillege',
    path: '/dev/UserPrivillege',
    layout: 'userPrivilege',
    signIn: false,
    note: 'a living example of the privileges editor on sample data',
  },
  {
    name: 'studentScoringEntry',
    path: '/studentScoringEntry',
    layout: 'default',
    signIn: true,
    roleTag: 'teacher',
    permissions: ['scores.enter:own', 'scores.publish:department'],
    roleTagWaivedBy: ['scores.publish:department'],
    note: 'the office, which publishes scores without teaching, opens it too',
  },
  {
    name: 'users-userManagement-info',
    path: '/users/userManagement/info',
    layout: 'default',
    signIn: true,
    permissions: ['users.read:school'],
  },
  {
    name: 'users-userManagement',
    path: '/users/userManagement',
    layout: 'default',
    signIn: true,
    permissions: ['users.read:school'],
  },
  {
    name: 'userPrivillege-userManagement',
    path: '/userPrivillege/userManagement',
    layout: 'default',
    signIn: true,
    permissions: ['roles.read:school'],
  },
];

/** The spec's own sign-in column, kept to show where this table asks for more. */
export const specRequiresSignIn = new Set([
  '/setup',
  '/users',
  '/DemoComponent',
  '/users/profile',
  '/teaching',
  '/dev/ImageUpload',
  '/dev/StudentReport',
  '/telegramSetup',
  '/userProfileInfo',
  '/dev/userManagement',
  '/studentScoringEntry',
  '/users/userManagement/info',
  '/users/userManagement',
  '/userPrivillege/userManagement',
]);
