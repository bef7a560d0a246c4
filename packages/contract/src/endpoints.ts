import type { ErrorCode } from './errors.js';
import type { Permission, RoleTag } from './permissions.js';

/**
 * What an endpoint asks of its caller: nothing (sign-in, health), a signed-in account of the
 * school, or any one of some permissions (a wider scope counts for a narrower one), with a role
 * tag where one is named. The server checks it before the handler runs.
 */
export type EndpointAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'permission'; permissions: readonly Permission[]; roleTag?: RoleTag };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint of the API: its method, path and who may call it. */
export interface EndpointRoute {
  method: HttpMethod;
  /** The path, with `:name` for each parameter. */
  path: `/api/${string}`;
  access: EndpointAccess;
  /** The 401 code for an expired or forged token (the profile calls answer SESSION_EXPIRED). */
  invalidTokenCode?: ErrorCode;
  /** The access token may also come from the app's cookie: a link or an `<img>` cannot send a header. */
  tokenFromCookie?: boolean;
  /**
   * The answer rarely changes (the school, its classes, subjects, periods, rosters): the browser
   * keeps a copy and asks whether it changed (`ETag`, answered `304 Not Modified` without a body)
   * instead of downloading it again. Every other answer is `no-store`.
   */
  revalidate?: boolean;
}

/** Anyone may call it. */
export const publicRoute: EndpointAccess = { kind: 'public' };
/** Any signed-in account of the school may call it, even one waiting for approval. */
export const signedIn: EndpointAccess = { kind: 'signedIn' };
/** The caller must hold any one of these permissions. */
export const requires = (...permissions: Permission[]): EndpointAccess => ({
  kind: 'permission',
  permissions,
});
/** The caller must hold a role with this tag, and any one of the permissions if some are given. */
export const requiresRoleTag = (
  roleTag: RoleTag,
  ...permissions: Permission[]
): EndpointAccess => ({
  kind: 'permission',
  permissions,
  roleTag,
});

/**
 * Every endpoint of the API, named by its method and what it is about. This is the only place a
 * path is written: the server registers its handlers by these names, the app's client calls them
 * by these names, and Storybook's mock handlers answer them by these names. What each takes and
 * answers is `endpointSchemas`, under the same names; the two are apart so that the app, which
 * needs the paths on its first page, does not bundle every schema with them.
 */
export const endpoints = {
  getHealth: { method: 'GET', path: '/api/health', access: publicRoute },
  // The spec's auth calls (sections 7 and 8).
  postLogin: { method: 'POST', path: '/api/auth/login', access: publicRoute },
  postSignup: { method: 'POST', path: '/api/auth/signup', access: publicRoute },
  postRefreshToken: { method: 'POST', path: '/api/auth/refresh_token', access: publicRoute },
  postRefresh: { method: 'POST', path: '/api/auth/refresh', access: publicRoute },
  postVerifyToken: { method: 'POST', path: '/api/auth/verify_token', access: publicRoute },
  postLogout: { method: 'POST', path: '/api/auth/logout', access: publicRoute },
  // The signed-in user's own account.
  postProfile: {
    method: 'POST',
    path: '/api/user/profile',
    access: signedIn,
    invalidTokenCode: 'SESSION_EXPIRED',
  },
  patchProfile: {
    method: 'PATCH',
    path: '/api/user/profile',
    access: signedIn,
    invalidTokenCode: 'SESSION_EXPIRED',
  },
  postPassword: { method: 'POST', path: '/api/user/password', access: signedIn },
  /** GET lists the signed-in user's devices; DELETE signs out every other one. */
  getOwnSessions: { method: 'GET', path: '/api/user/sessions', access: signedIn },
  deleteOwnSessions: { method: 'DELETE', path: '/api/user/sessions', access: signedIn },
  deleteOwnSession: { method: 'DELETE', path: '/api/user/sessions/:sessionId', access: signedIn },
  /** The saved sidebar layouts of the signed-in user's roles. */
  getOwnSidebar: {
    method: 'GET',
    path: '/api/user/sidebar',
    access: signedIn,
    revalidate: true,
  },
  // User management and privileges.
  getUsers: {
    method: 'GET',
    path: '/api/users',
    access: requires('users.read:school', 'users.manage:school'),
  },
  postUsers: { method: 'POST', path: '/api/users', access: requires('users.manage:school') },
  getUser: {
    method: 'GET',
    path: '/api/users/:id',
    access: requires('users.read:school', 'users.manage:school'),
  },
  patchUser: { method: 'PATCH', path: '/api/users/:id', access: requires('users.manage:school') },
  postUserStatus: {
    method: 'POST',
    path: '/api/users/:id/status',
    access: requires('users.manage:school'),
  },
  postUserPassword: {
    method: 'POST',
    path: '/api/users/:id/password',
    access: requires('users.manage:school'),
  },
  // Granting roles and permissions is a privilege of its own.
  putUserRoles: {
    method: 'PUT',
    path: '/api/users/:id/roles',
    access: requires('roles.manage:school'),
  },
  putUserPermissions: {
    method: 'PUT',
    path: '/api/users/:id/permissions',
    access: requires('roles.manage:school'),
  },
  getUserSessions: {
    method: 'GET',
    path: '/api/users/:id/sessions',
    access: requires('users.manage:school'),
  },
  deleteUserSession: {
    method: 'DELETE',
    path: '/api/users/:id/sessions/:sessionId',
    access: requires('users.manage:school'),
  },
  getRoles: {
    method: 'GET',
    path: '/api/roles',
    revalidate: true,
    access: requires('roles.read:school', 'roles.manage:school', 'users.manage:school'),
  },
  postRoles: { method: 'POST', path: '/api/roles', access: requires('roles.manage:school') },
  getRole: {
    method: 'GET',
    path: '/api/roles/:id',
    access: requires('roles.read:school', 'roles.manage:school', 'users.manage:school'),
  },
  patchRole: { method: 'PATCH', path: '/api/roles/:id', access: requires('roles.manage:school') },
  deleteRole: { method: 'DELETE', path: '/api/roles/:id', access: requires('roles.manage:school') },
  // The sidebar's menu per role (:id is the role's).
  getSidebarLayouts: {
    method: 'GET',
    path: '/api/sidebar-layouts',
    revalidate: true,
    access: requires('roles.read:school', 'roles.manage:school'),
  },
  putSidebarLayout: {
    method: 'PUT',
    path: '/api/sidebar-layouts/:id',
    access: requires('roles.manage:school'),
  },
  deleteSidebarLayout: {
    method: 'DELETE',
    path: '/api/sidebar-layouts/:id',
    access: requires('roles.manage:school'),
  },
  // The school, its files and its history.
  getSchool: {
    method: 'GET',
    path: '/api/school',
    revalidate: true,
    access: requires('school.read:school', 'school.manage:school'),
  },
  patchSchool: { method: 'PATCH', path: '/api/school', access: requires('school.manage:school') },
  // Image uploads (multipart, one `file` part), one path per purpose and permission.
  postUploadAvatar: { method: 'POST', path: '/api/files/avatars', access: signedIn },
  postUploadLogo: {
    method: 'POST',
    path: '/api/files/logos',
    access: requires('school.manage:school'),
  },
  postUploadStudentPhoto: {
    method: 'POST',
    path: '/api/files/student-photos',
    access: requires('students.manage:school'),
  },
  // <img src> cannot send a bearer header: the app's access-token cookie is read too.
  getFile: { method: 'GET', path: '/api/files/:id', access: signedIn, tokenFromCookie: true },
  getAudit: { method: 'GET', path: '/api/audit', access: requires('audit.read:school') },
  // The school's structure: years and terms, grade levels, the periods of a day.
  getAcademicYears: {
    method: 'GET',
    path: '/api/academic-years',
    revalidate: true,
    access: requires('academic.read:school', 'academic.manage:school'),
  },
  postAcademicYears: {
    method: 'POST',
    path: '/api/academic-years',
    access: requires('academic.manage:school'),
  },
  getAcademicYear: {
    method: 'GET',
    path: '/api/academic-years/:id',
    access: requires('academic.read:school', 'academic.manage:school'),
  },
  patchAcademicYear: {
    method: 'PATCH',
    path: '/api/academic-years/:id',
    access: requires('academic.manage:school'),
  },
  deleteAcademicYear: {
    method: 'DELETE',
    path: '/api/academic-years/:id',
    access: requires('academic.manage:school'),
  },
  postAcademicYearRollover: {
    method: 'POST',
    path: '/api/academic-years/:id/rollover',
    access: requires('academic.manage:school'),
  },
  getGradeLevels: {
    method: 'GET',
    path: '/api/grade-levels',
    revalidate: true,
    access: requires('academic.read:school', 'academic.manage:school'),
  },
  postGradeLevels: {
    method: 'POST',
    path: '/api/grade-levels',
    access: requires('academic.manage:school'),
  },
  getGradeLevel: {
    method: 'GET',
    path: '/api/grade-levels/:id',
    access: requires('academic.read:school', 'academic.manage:school'),
  },
  patchGradeLevel: {
    method: 'PATCH',
    path: '/api/grade-levels/:id',
    access: requires('academic.manage:school'),
  },
  deleteGradeLevel: {
    method: 'DELETE',
    path: '/api/grade-levels/:id',
    access: requires('academic.manage:school'),
  },
  // Teachers read the day's periods with their timetable.
  getPeriods: {
    method: 'GET',
    path: '/api/periods',
    revalidate: true,
    access: requires('academic.read:school', 'academic.manage:school', 'teaching.read:own'),
  },
  putPeriods: { method: 'PUT', path: '/api/periods', access: requires('academic.manage:school') },
  getDepartments: {
    method: 'GET',
    path: '/api/departments',
    revalidate: true,
    access: requires('departments.read:department', 'departments.manage:school'),
  },
  postDepartments: {
    method: 'POST',
    path: '/api/departments',
    access: requires('departments.manage:school'),
  },
  getDepartment: {
    method: 'GET',
    path: '/api/departments/:id',
    access: requires('departments.read:department', 'departments.manage:school'),
  },
  patchDepartment: {
    method: 'PATCH',
    path: '/api/departments/:id',
    access: requires('departments.manage:school'),
  },
  deleteDepartment: {
    method: 'DELETE',
    path: '/api/departments/:id',
    access: requires('departments.manage:school'),
  },
  getEmployees: {
    method: 'GET',
    path: '/api/employees',
    access: requires('employees.read:department', 'employees.manage:school'),
  },
  postEmployees: {
    method: 'POST',
    path: '/api/employees',
    access: requires('employees.manage:school'),
  },
  getEmployee: {
    method: 'GET',
    path: '/api/employees/:id',
    access: requires('employees.read:department', 'employees.manage:school'),
  },
  patchEmployee: {
    method: 'PATCH',
    path: '/api/employees/:id',
    access: requires('employees.manage:school'),
  },
  deleteEmployee: {
    method: 'DELETE',
    path: '/api/employees/:id',
    access: requires('employees.manage:school'),
  },
  postEmployeeStatus: {
    method: 'POST',
    path: '/api/employees/:id/status',
    access: requires('employees.manage:school'),
  },
  postEmployeesImport: {
    method: 'POST',
    path: '/api/employees/import',
    access: requires('employees.manage:school'),
  },
  getEmployeesExport: {
    method: 'GET',
    path: '/api/employees/export',
    access: requires('employees.read:department'),
  },
  /**
   * Accounts for many staff at once: what they would be (preview), then made. Account
   * management, so `users.manage` (and the role must be one the caller may give).
   */
  postEmployeeAccountsPreview: {
    method: 'POST',
    path: '/api/employees/accounts/preview',
    access: requires('users.manage:school'),
  },
  postEmployeeAccounts: {
    method: 'POST',
    path: '/api/employees/accounts',
    access: requires('users.manage:school'),
  },
  getSubjects: {
    method: 'GET',
    path: '/api/subjects',
    revalidate: true,
    access: requires('subjects.read:school', 'subjects.manage:school'),
  },
  postSubjects: {
    method: 'POST',
    path: '/api/subjects',
    access: requires('subjects.manage:school'),
  },
  getSubject: {
    method: 'GET',
    path: '/api/subjects/:id',
    access: requires('subjects.read:school', 'subjects.manage:school'),
  },
  patchSubject: {
    method: 'PATCH',
    path: '/api/subjects/:id',
    access: requires('subjects.manage:school'),
  },
  deleteSubject: {
    method: 'DELETE',
    path: '/api/subjects/:id',
    access: requires('subjects.manage:school'),
  },
  // The spec's course calls (a course is a subject).
  getCoursesList: {
    method: 'GET',
    path: '/api/courses/list',
    revalidate: true,
    access: requires('subjects.read:school', 'subjects.manage:school'),
  },
  postCoursesCreate: {
    method: 'POST',
    path: '/api/courses/create',
    access: requires('subjects.manage:school'),
  },
  getCourse: {
    method: 'GET',
    path: '/api/courses/:id',
    access: requires('subjects.read:school', 'subjects.manage:school'),
  },
  postCoursesUpdate: {
    method: 'POST',
    path: '/api/courses/update',
    access: requires('subjects.manage:school'),
  },
  postCoursesDelete: {
    method: 'POST',
    path: '/api/courses/delete',
    access: requires('subjects.manage:school'),
  },
  getClasses: {
    method: 'GET',
    path: '/api/classes',
    revalidate: true,
    access: requires('classes.read:own', 'classes.manage:school'),
  },
  postClasses: { method: 'POST', path: '/api/classes', access: requires('classes.manage:school') },
  getSchoolClass: {
    method: 'GET',
    path: '/api/classes/:id',
    revalidate: true,
    access: requires('classes.read:own', 'classes.manage:school'),
  },
  patchSchoolClass: {
    method: 'PATCH',
    path: '/api/classes/:id',
    access: requires('classes.manage:school'),
  },
  deleteSchoolClass: {
    method: 'DELETE',
    path: '/api/classes/:id',
    access: requires('classes.manage:school'),
  },
  getStudents: {
    method: 'GET',
    path: '/api/students',
    access: requires('students.read:own', 'students.manage:school'),
  },
  postStudents: {
    method: 'POST',
    path: '/api/students',
    access: requires('students.manage:school'),
  },
  getStudent: {
    method: 'GET',
    path: '/api/students/:id',
    access: requires('students.read:own', 'students.manage:school'),
  },
  patchStudent: {
    method: 'PATCH',
    path: '/api/students/:id',
    access: requires('students.manage:school'),
  },
  deleteStudent: {
    method: 'DELETE',
    path: '/api/students/:id',
    access: requires('students.manage:school'),
  },
  postStudentEnrollments: {
    method: 'POST',
    path: '/api/students/:id/enrollments',
    access: requires('students.manage:school'),
  },
  postStudentEnrollmentEnd: {
    method: 'POST',
    path: '/api/students/:id/enrollments/end',
    access: requires('students.manage:school'),
  },
  postStudentsImport: {
    method: 'POST',
    path: '/api/students/import',
    access: requires('students.manage:school'),
  },
  getStudentsExport: {
    method: 'GET',
    path: '/api/students/export',
    access: requires('students.read:own', 'students.manage:school'),
  },
  // The spec's learner and student calls.
  getLearnerList: {
    method: 'GET',
    path: '/api/learner/list',
    revalidate: true,
    access: requires('students.read:own', 'students.manage:school'),
  },
  getStudentList: {
    method: 'GET',
    path: '/api/student/list',
    revalidate: true,
    access: requires('students.read:own', 'students.manage:school'),
  },
  postStudentCreate: {
    method: 'POST',
    path: '/api/student/create',
    access: requires('students.manage:school'),
  },
  postStudentUpdate: {
    method: 'POST',
    path: '/api/student/update',
    access: requires('students.manage:school'),
  },
  getTeachingAssignments: {
    method: 'GET',
    path: '/api/teaching/assignments',
    revalidate: true,
    access: requires('teaching.read:own'),
  },
  postTeachingAssignments: {
    method: 'POST',
    path: '/api/teaching/assignments',
    access: requires('teaching.manage:department'),
  },
  patchTeachingAssignment: {
    method: 'PATCH',
    path: '/api/teaching/assignments/:id',
    access: requires('teaching.manage:department'),
  },
  deleteTeachingAssignment: {
    method: 'DELETE',
    path: '/api/teaching/assignments/:id',
    access: requires('teaching.manage:department'),
  },
  getTimetable: {
    method: 'GET',
    path: '/api/timetable',
    access: requires('teaching.read:own'),
    revalidate: true,
  },
  postTimetable: {
    method: 'POST',
    path: '/api/timetable',
    access: requires('teaching.manage:department'),
  },
  patchTimetableEntry: {
    method: 'PATCH',
    path: '/api/timetable/:id',
    access: requires('teaching.manage:department'),
  },
  deleteTimetableEntry: {
    method: 'DELETE',
    path: '/api/timetable/:id',
    access: requires('teaching.manage:department'),
  },
  getTeachingLog: {
    method: 'GET',
    path: '/api/teaching/log',
    access: requires('teaching.read:own'),
  },
  // Logging and taking back one's own lessons needs only to see teaching; the rules do the rest.
  postTeachingLog: {
    method: 'POST',
    path: '/api/teaching/log',
    access: requires('teaching.read:own', 'teaching.manage:department'),
  },
  patchTeachingLogEntry: {
    method: 'PATCH',
    path: '/api/teaching/log/:id',
    access: requires('teaching.read:own', 'teaching.manage:department'),
  },
  deleteTeachingLogEntry: {
    method: 'DELETE',
    path: '/api/teaching/log/:id',
    access: requires('teaching.read:own', 'teaching.manage:department'),
  },
  // Attendance: the classes one may take it for, sheets, the month register, leave, summaries.
  getAttendanceClasses: {
    method: 'GET',
    path: '/api/attendance/classes',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceSheet: {
    method: 'GET',
    path: '/api/attendance/sheet',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  postAttendanceSheets: {
    method: 'POST',
    path: '/api/attendance/sheets',
    access: requires('attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceMonth: {
    method: 'GET',
    path: '/api/attendance/month',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceMonthExport: {
    method: 'GET',
    path: '/api/attendance/month/export',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceStudent: {
    method: 'GET',
    path: '/api/attendance/students/:id',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceNotTaken: {
    method: 'GET',
    path: '/api/attendance/not-taken',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceDaily: {
    method: 'GET',
    path: '/api/attendance/daily',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  getAttendanceLeave: {
    method: 'GET',
    path: '/api/attendance/leave',
    access: requires('attendance.read:own', 'attendance.record:own', 'attendance.correct:school'),
  },
  postAttendanceLeave: {
    method: 'POST',
    path: '/api/attendance/leave',
    access: requires('attendance.record:own', 'attendance.correct:school'),
  },
  deleteAttendanceLeaveEntry: {
    method: 'DELETE',
    path: '/api/attendance/leave/:id',
    access: requires('attendance.record:own', 'attendance.correct:school'),
  },
  // Scores: the gradebook, its batch saves and status, and XLSX import.
  getScoreClasses: {
    method: 'GET',
    path: '/api/scores/classes',
    revalidate: true,
    access: requires(
      'scores.read:own',
      'scores.enter:own',
      'scores.publish:department',
      'scores.unlock:school',
    ),
  },
  getScoreSheet: {
    method: 'GET',
    path: '/api/scores/sheet',
    access: requires(
      'scores.read:own',
      'scores.enter:own',
      'scores.publish:department',
      'scores.unlock:school',
    ),
  },
  postScoreBatch: {
    method: 'POST',
    path: '/api/scores/batch',
    access: requires('scores.enter:own'),
  },
  postScoreStatus: {
    method: 'POST',
    path: '/api/scores/status',
    access: requires('scores.enter:own', 'scores.publish:department', 'scores.unlock:school'),
  },
  getScorePublishPreview: {
    method: 'GET',
    path: '/api/scores/publish/preview',
    access: requires('scores.publish:department'),
  },
  postScoreImportPreview: {
    method: 'POST',
    path: '/api/scores/import/preview',
    access: requires('scores.enter:own'),
  },
  getScoreTemplate: {
    method: 'GET',
    path: '/api/scores/template',
    access: requires(
      'scores.read:own',
      'scores.enter:own',
      'scores.publish:department',
      'scores.unlock:school',
    ),
  },
  // Results: result sheets per month, term and year, a student's trend, report cards and PDFs.
  getResults: {
    method: 'GET',
    path: '/api/results',
    access: requires('reports.read:own', 'scores.read:own'),
  },
  getResultsExport: {
    method: 'GET',
    path: '/api/results/export',
    access: requires('reports.export:own'),
  },
  getResultsStudent: {
    method: 'GET',
    path: '/api/results/students/:id',
    access: requires('reports.read:own', 'scores.read:own'),
  },
  getReportCards: {
    method: 'GET',
    path: '/api/reports/cards',
    access: requires('reports.read:own', 'reports.export:own'),
    tokenFromCookie: true,
  },
  putReportComment: {
    method: 'PUT',
    path: '/api/reports/comments',
    access: requires('reports.read:own', 'reports.export:own'),
  },
  postReportJobs: {
    method: 'POST',
    path: '/api/reports/jobs',
    access: requires('reports.export:own'),
  },
  deleteReportJob: {
    method: 'DELETE',
    path: '/api/reports/jobs/:id',
    access: requires('reports.export:own'),
  },
  getReportJob: {
    method: 'GET',
    path: '/api/reports/jobs/:id',
    access: requires('reports.export:own'),
  },
  getReportJobFile: {
    method: 'GET',
    path: '/api/reports/jobs/:id/file',
    access: requires('reports.export:own'),
  },
  getDashboard: { method: 'GET', path: '/api/dashboard', access: signedIn },
  // Telegram: the school's bot, linked chats, the outbox, and the updates Telegram sends us.
  getTelegramSetup: {
    method: 'GET',
    path: '/api/telegram/setup',
    access: requires('telegram.manage:school'),
  },
  putTelegramBot: {
    method: 'PUT',
    path: '/api/telegram/bot',
    access: requires('telegram.manage:school'),
  },
  deleteTelegramBot: {
    method: 'DELETE',
    path: '/api/telegram/bot',
    access: requires('telegram.manage:school'),
  },
  putTelegramNotices: {
    method: 'PUT',
    path: '/api/telegram/notices',
    access: requires('telegram.manage:school'),
  },
  postTelegramTest: {
    method: 'POST',
    path: '/api/telegram/test',
    access: requires('telegram.manage:school'),
  },
  postTelegramLinks: { method: 'POST', path: '/api/telegram/links', access: signedIn },
  getTelegramChats: { method: 'GET', path: '/api/telegram/chats', access: signedIn },
  patchTelegramChat: { method: 'PATCH', path: '/api/telegram/chats/:id', access: signedIn },
  deleteTelegramChat: { method: 'DELETE', path: '/api/telegram/chats/:id', access: signedIn },
  postTelegramSendRetry: {
    method: 'POST',
    path: '/api/telegram/sends/:id/retry',
    access: requires('telegram.manage:school'),
  },
  postTelegramWebhook: {
    method: 'POST',
    path: '/api/telegram/webhook/:schoolId',
    access: publicRoute,
  },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpoints;
export type EndpointPath = (typeof endpoints)[EndpointName]['path'];

/** The names of a path's `:name` parameters, as a type. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

/** A path with its `:name` parameters filled in. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
