import {
  inMenu,
  pageRouteNames,
  pageRouteSpecs,
  type MenuPlace,
  type MenuRoute,
  type PageRoute,
  type PageRouteName,
  type Permission,
} from '@sala/contract';
import {
  BookOpen,
  CalendarCheck,
  ClipboardList,
  Contact,
  FileText,
  GraduationCap,
  House,
  LayoutGrid,
  Library,
  Network,
  PanelLeft,
  School,
  Send,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type pageStrings from './i18n/locales/en/pages.json';
import HomePage from './pages/index/HomePage.js';

/** Which frame a page renders in; both are loaded on demand. */
export type LayoutName = 'default' | 'userPrivilege' | 'bare';

/** The key of a page's title and description in the `pages` strings. */
export type PageLabel = keyof typeof pageStrings;

/**
 * A page: loaded on demand in its own chunk (`preload` starts loading it before it is shown),
 * but for the home, which comes with the app's start (it is where a signed-in start lands).
 */
export type LazyPage =
  (LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> }) | ComponentType;

/** A page loaded the first time it is shown, or earlier by `preload`. */
function onDemand(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(lazy(load), { preload: load });
}

/**
 * How the app shows one page: the component, its frame, its title's key and, for a page a menu
 * links to, its menu icon (required there, and only there).
 */
export type PageView<N extends PageRouteName> = {
  page: LazyPage;
  layout: LayoutName;
  label: PageLabel;
} & (N extends MenuRoute ? { icon: LucideIcon } : { icon?: never });

const profile = () => import('./pages/profile/ProfilePage.js');

/**
 * What renders each page of the contract's `pageRoutes`, by the same names: a name missing
 * here, or one the contract does not have, does not compile.
 */
const pageViews: { [N in PageRouteName]: PageView<N> } = {
  index: {
    page: HomePage,
    layout: 'default',
    label: 'index',
    icon: House,
  },
  AppMenu: {
    page: onDemand(() => import('./pages/AppMenu/AppMenuPage.js')),
    layout: 'default',
    label: 'AppMenu',
    icon: LayoutGrid,
  },
  attendance: {
    page: onDemand(() => import('./pages/attendance/AttendancePage.js')),
    layout: 'default',
    label: 'attendance',
    icon: CalendarCheck,
  },
  class: {
    page: onDemand(() => import('./pages/class/ClassListPage.js')),
    layout: 'default',
    label: 'class',
    icon: School,
  },
  'class-detail': {
    page: onDemand(() => import('./pages/class/ClassDetailPage.js')),
    layout: 'default',
    label: 'class-detail',
  },
  students: {
    page: onDemand(() => import('./pages/students/StudentListPage.js')),
    layout: 'default',
    label: 'students',
    icon: GraduationCap,
  },
  'students-detail': {
    page: onDemand(() => import('./pages/students/StudentDetailPage.js')),
    layout: 'default',
    label: 'students-detail',
  },
  studentScoringEntry: {
    page: onDemand(() => import('./pages/scoring/ScoringEntryPage.js')),
    layout: 'default',
    label: 'studentScoringEntry',
    icon: ClipboardList,
  },
  'dev-StudentReport': {
    page: onDemand(() => import('./pages/results/ResultsPage.js')),
    layout: 'default',
    label: 'dev-StudentReport',
    icon: FileText,
  },
  teaching: {
    page: onDemand(() => import('./pages/teaching/TeachingPage.js')),
    layout: 'default',
    label: 'teaching',
    icon: BookOpen,
  },
  subjects: {
    page: onDemand(() => import('./pages/subjects/SubjectListPage.js')),
    layout: 'default',
    label: 'subjects',
    icon: Library,
  },
  department: {
    page: onDemand(() => import('./pages/department/DepartmentListPage.js')),
    layout: 'default',
    label: 'department',
    icon: Network,
  },
  'department-create': {
    page: onDemand(() => import('./pages/department/DepartmentCreatePage.js')),
    layout: 'default',
    label: 'department-create',
  },
  staff: {
    page: onDemand(() => import('./pages/staff/StaffListPage.js')),
    layout: 'default',
    label: 'staff',
    icon: Contact,
  },
  'staff-detail': {
    page: onDemand(() => import('./pages/staff/StaffDetailPage.js')),
    layout: 'default',
    label: 'staff-detail',
  },
  'staff-accounts': {
    page: onDemand(() => import('./pages/staff/SignInSlipsPage.js')),
    layout: 'default',
    label: 'staff-accounts',
  },
  users: {
    page: onDemand(() => import('./pages/users/UserListPage.js')),
    layout: 'default',
    label: 'users',
    icon: Users,
  },
  'users-userManagement': {
    page: onDemand(() => import('./pages/users/UserManagementPage.js')),
    layout: 'default',
    label: 'users-userManagement',
  },
  'users-userManagement-info': {
    page: onDemand(() => import('./pages/users/UserInfoPage.js')),
    layout: 'default',
    label: 'users-userManagement-info',
  },
  'userPrivillege-userManagement': {
    page: onDemand(() => import('./pages/users/RolesPage.js')),
    layout: 'default',
    label: 'userPrivillege-userManagement',
    icon: ShieldCheck,
  },
  telegramSetup: {
    page: onDemand(() => import('./pages/telegram/TelegramSetupPage.js')),
    layout: 'default',
    label: 'telegramSetup',
    icon: Send,
  },
  setup: {
    page: onDemand(() => import('./pages/setup/SetupPage.js')),
    layout: 'default',
    label: 'setup',
    icon: Settings,
  },
  'users-sidebar': {
    page: onDemand(() => import('./pages/users-sidebar/SidebarEditorPage.js')),
    layout: 'default',
    label: 'users-sidebar',
    icon: PanelLeft,
  },
  userProfile: {
    page: onDemand(() => profile().then((m) => ({ default: m.UserProfilePage }))),
    layout: 'default',
    label: 'userProfile',
    icon: UserRound,
  },
  userProfileInfo: {
    page: onDemand(() => profile().then((m) => ({ default: m.UserProfileInfoPage }))),
    layout: 'default',
    label: 'userProfileInfo',
  },
  'users-profile': {
    page: onDemand(() => profile().then((m) => ({ default: m.UsersProfilePage }))),
    layout: 'default',
    label: 'users-profile',
  },
  JwtView: {
    page: onDemand(() => import('./pages/JwtView/JwtViewPage.js')),
    layout: 'default',
    label: 'JwtView',
  },
  'auths-login': {
    page: onDemand(() => import('./pages/auths-login/LoginPage.js')),
    layout: 'bare',
    label: 'auths-login',
  },
  'auths-password': {
    page: onDemand(() => import('./pages/auths-password/ChangePasswordPage.js')),
    layout: 'bare',
    label: 'auths-password',
  },
  'auths-signup': {
    page: onDemand(() => import('./pages/auths-signup/SignupPage.js')),
    layout: 'bare',
    label: 'auths-signup',
  },
  DemoComponent: {
    page: onDemand(() => import('./pages/DemoComponent/DemoComponentPage.js')),
    layout: 'default',
    label: 'DemoComponent',
  },
  'dev-ModalTest': {
    page: onDemand(() => import('./pages/dev/ModalTestPage.js')),
    layout: 'default',
    label: 'dev-ModalTest',
  },
  'dev-TableTest': {
    page: onDemand(() => import('./pages/dev/TableTestPage.js')),
    layout: 'default',
    label: 'dev-TableTest',
  },
  'dev-ImageUpload': {
    page: onDemand(() => import('./pages/dev/ImageUploadPage.js')),
    layout: 'default',
    label: 'dev-ImageUpload',
  },
  'dev-userManagement': {
    page: onDemand(() => import('./pages/dev/UserManagementPage.js')),
    layout: 'default',
    label: 'dev-userManagement',
  },
  'dev-UserPrivillege': {
    page: onDemand(() => import('./pages/dev/UserPrivilegePage.js')),
    layout: 'userPrivilege',
    label: 'dev-UserPrivillege',
  },
};

/** One page of the app: its name, what the contract says of it and how the app shows it. */
export interface RouteEntry extends PageRoute {
  name: PageRouteName;
  page: LazyPage;
  layout: LayoutName;
  label: PageLabel;
  icon?: LucideIcon;
}

/** The page of that name. */
export function routeEntry(name: PageRouteName): RouteEntry {
  return { name, ...pageRouteSpecs[name], ...pageViews[name] };
}

/** Every page of the app, in the menus' default order: the router and the menus are made from it. */
export const routeRegistry: readonly RouteEntry[] = pageRouteNames.map(routeEntry);

/** The key of a page's title and description in the `pages` strings. */
export function labelOf(name: PageRouteName): PageLabel {
  return pageViews[name].label;
}

/** A link of a menu: a page, its address, icon and title, and who sees it. */
export interface MenuLink<R extends MenuRoute = MenuRoute> {
  route: R;
  path: string;
  icon: LucideIcon;
  label: PageLabel;
  /** The page's own permissions (empty: every signed-in user). */
  permissions: readonly Permission[];
}

/** The link to a page some menu offers. */
export function menuLink<R extends MenuRoute>(route: R): MenuLink<R> {
  const view: PageView<MenuRoute> = pageViews[route];
  const { path, access } = pageRouteSpecs[route];
  return { route, path, icon: view.icon, label: view.label, permissions: access.permissions ?? [] };
}

/** The links of one menu, in their default order. */
export function menuLinks<P extends MenuPlace>(place: P): MenuLink<MenuRoute<P>>[] {
  return pageRouteNames.filter(inMenu(place)).map(menuLink);
}

/**
 * Starts loading the page at `pathname` at once: the app asks for its code while it checks the
 * session, instead of once it has rendered.
 */
export function preloadPage(pathname: string) {
  const page = routeRegistry.find((route) => matchPath(route.path, pathname))?.page;
  if (page && 'preload' in page) page.preload().catch(() => undefined);
}
