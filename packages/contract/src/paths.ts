/** The API's paths, one table shared by the server, the app and Storybook's mock handlers. */
export const apiPaths = {
  health: '/api/health',
  // The spec's auth calls (sections 7 and 8).
  login: '/api/auth/login',
  signup: '/api/auth/signup',
  refreshToken: '/api/auth/refresh_token',
  refresh: '/api/auth/refresh',
  verifyToken: '/api/auth/verify_token',
  logout: '/api/auth/logout',
  // The signed-in user's own account.
  profile: '/api/user/profile',
  password: '/api/user/password',
  ownSessions: '/api/user/sessions',
  ownSession: '/api/user/sessions/:sessionId',
  /** The saved sidebar layouts of the signed-in user's roles. */
  ownSidebar: '/api/user/sidebar',
  // User management and privileges.
  users: '/api/users',
  user: '/api/users/:id',
  userStatus: '/api/users/:id/status',
  userPassword: '/api/users/:id/password',
  userRoles: '/api/users/:id/roles',
  userPermissions: '/api/users/:id/permissions',
  userSessions: '/api/users/:id/sessions',
  userSession: '/api/users/:id/sessions/:sessionId',
  roles: '/api/roles',
  role: '/api/roles/:id',
  // The sidebar's menu per role (:id is the role's).
  sidebarLayouts: '/api/sidebar-layouts',
  sidebarLayout: '/api/sidebar-layouts/:id',
  // The school, its files and its history.
  school: '/api/school',
  // Image uploads (multipart, one `file` part), one path per purpose and permission.
  uploadAvatar: '/api/files/avatars',
  uploadLogo: '/api/files/logos',
  uploadStudentPhoto: '/api/files/student-photos',
  file: '/api/files/:id',
  audit: '/api/audit',
} as const;

export type ApiPath = (typeof apiPaths)[keyof typeof apiPaths];

/** A path with its `:name` parameters filled in. */
export function apiPath(path: ApiPath, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
