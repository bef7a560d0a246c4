import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { type RouteObject } from 'react-router-dom';
import { RequireAccess } from './auth/RequireAccess.js';
import { RootFrame } from './frame/RootFrame.js';
import { RouteError } from './frame/RouteError.js';
import NotFoundPage from './pages/not-found/NotFoundPage.js';
import { PlannedPage } from './pages/planned/PlannedPage.js';
import { routeTable, type LayoutName, type RouteSpec } from './routeTable.js';

// Layouts and pages load on demand, each in its own chunk.
const layouts: Record<LayoutName, LazyExoticComponent<ComponentType>> = {
  default: lazy(() => import('./layouts/DefaultLayout.js')),
  userPrivilege: lazy(() => import('./layouts/UserPrivilegeLayout.js')),
  bare: lazy(() => import('./layouts/BareLayout.js')),
};

/** The pages built so far; every other route shows its translated planned-page screen. */
const pages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  index: lazy(() => import('./pages/index/HomePage.js')),
  AppMenu: lazy(() => import('./pages/AppMenu/AppMenuPage.js')),
  'auths-login': lazy(() => import('./pages/auths-login/LoginPage.js')),
  'auths-signup': lazy(() => import('./pages/auths-signup/SignupPage.js')),
  JwtView: lazy(() => import('./pages/JwtView/JwtViewPage.js')),
  userProfile: lazy(() =>
    import('./pages/profile/ProfilePage.js').then((m) => ({ default: m.UserProfilePage })),
  ),
  userProfileInfo: lazy(() =>
    import('./pages/profile/ProfilePage.js').then((m) => ({ default: m.UserProfileInfoPage })),
  ),
  'users-profile': lazy(() =>
    import('./pages/profile/ProfilePage.js').then((m) => ({ default: m.UsersProfilePage })),
  ),
  'users-sidebar': lazy(() => import('./pages/users-sidebar/SidebarEditorPage.js')),
  users: lazy(() => import('./pages/users/UserListPage.js')),
  'users-userManagement': lazy(() => import('./pages/users/UserManagementPage.js')),
  'users-userManagement-info': lazy(() => import('./pages/users/UserInfoPage.js')),
  'userPrivillege-userManagement': lazy(() => import('./pages/users/RolesPage.js')),
  department: lazy(() => import('./pages/department/DepartmentListPage.js')),
  'department-create': lazy(() => import('./pages/department/DepartmentCreatePage.js')),
  subjects: lazy(() => import('./pages/subjects/SubjectListPage.js')),
  class: lazy(() => import('./pages/class/ClassListPage.js')),
  'class-detail': lazy(() => import('./pages/class/ClassDetailPage.js')),
  students: lazy(() => import('./pages/students/StudentListPage.js')),
  'students-detail': lazy(() => import('./pages/students/StudentDetailPage.js')),
  staff: lazy(() => import('./pages/staff/StaffListPage.js')),
  'staff-detail': lazy(() => import('./pages/staff/StaffDetailPage.js')),
  setup: lazy(() => import('./pages/setup/SetupPage.js')),
  teaching: lazy(() => import('./pages/teaching/TeachingPage.js')),
  attendance: lazy(() => import('./pages/attendance/AttendancePage.js')),
  studentScoringEntry: lazy(() => import('./pages/scoring/ScoringEntryPage.js')),
  telegramSetup: lazy(() => import('./pages/telegram/TelegramSetupPage.js')),
  DemoComponent: lazy(() => import('./pages/DemoComponent/DemoComponentPage.js')),
  'dev-ModalTest': lazy(() => import('./pages/dev/ModalTestPage.js')),
  'dev-TableTest': lazy(() => import('./pages/dev/TableTestPage.js')),
  'dev-ImageUpload': lazy(() => import('./pages/dev/ImageUploadPage.js')),
  'dev-StudentReport': lazy(() => import('./pages/results/ResultsPage.js')),
  'dev-userManagement': lazy(() => import('./pages/dev/UserManagementPage.js')),
  'dev-UserPrivillege': lazy(() => import('./pages/dev/UserPrivilegePage.js')),
};

function pageRoute(route: RouteSpec): RouteObject {
  const Page = pages[route.name];
  return {
    id: route.name,
    path: route.path,
    handle: { route },
    element: (
      <RequireAccess route={route}>
        {Page ? <Page /> : <PlannedPage route={route.name} />}
      </RequireAccess>
    ),
  };
}

/** The route table of the spec as react-router routes, grouped by layout. */
export function buildRoutes(buildId: string): RouteObject[] {
  const byLayout = (name: LayoutName) => routeTable.filter((r) => r.layout === name).map(pageRoute);
  return [
    {
      element: <RootFrame buildId={buildId} />,
      errorElement: <RouteError />,
      children: [
        ...(Object.keys(layouts) as LayoutName[]).map((name): RouteObject => {
          const Layout = layouts[name];
          return { element: <Layout />, errorElement: <RouteError />, children: byLayout(name) };
        }),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
