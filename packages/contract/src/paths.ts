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
  // The school's structure: years and terms, grade levels, the periods of a day.
  academicYears: '/api/academic-years',
  academicYear: '/api/academic-years/:id',
  academicYearRollover: '/api/academic-years/:id/rollover',
  gradeLevels: '/api/grade-levels',
  gradeLevel: '/api/grade-levels/:id',
  periods: '/api/periods',
  departments: '/api/departments',
  department: '/api/departments/:id',
  employees: '/api/employees',
  employee: '/api/employees/:id',
  employeeStatus: '/api/employees/:id/status',
  employeesImport: '/api/employees/import',
  employeesExport: '/api/employees/export',
  subjects: '/api/subjects',
  subject: '/api/subjects/:id',
  // The spec's course calls (a course is a subject).
  coursesList: '/api/courses/list',
  coursesCreate: '/api/courses/create',
  course: '/api/courses/:id',
  coursesUpdate: '/api/courses/update',
  coursesDelete: '/api/courses/delete',
  classes: '/api/classes',
  schoolClass: '/api/classes/:id',
  students: '/api/students',
  student: '/api/students/:id',
  studentEnrollments: '/api/students/:id/enrollments',
  studentEnrollmentEnd: '/api/students/:id/enrollments/end',
  studentsImport: '/api/students/import',
  studentsExport: '/api/students/export',
  // The spec's learner and student calls.
  learnerList: '/api/learner/list',
  studentList: '/api/student/list',
  studentCreate: '/api/student/create',
  studentUpdate: '/api/student/update',
  teachingAssignments: '/api/teaching/assignments',
  teachingAssignment: '/api/teaching/assignments/:id',
  timetable: '/api/timetable',
  timetableEntry: '/api/timetable/:id',
  teachingLog: '/api/teaching/log',
  teachingLogEntry: '/api/teaching/log/:id',
  // Attendance: the classes one may take it for, sheets, the month register, leave, summaries.
  attendanceClasses: '/api/attendance/classes',
  attendanceSheet: '/api/attendance/sheet',
  attendanceSheets: '/api/attendance/sheets',
  attendanceMonth: '/api/attendance/month',
  attendanceMonthExport: '/api/attendance/month/export',
  attendanceStudent: '/api/attendance/students/:id',
  attendanceNotTaken: '/api/attendance/not-taken',
  attendanceDaily: '/api/attendance/daily',
  attendanceLeave: '/api/attendance/leave',
  attendanceLeaveEntry: '/api/attendance/leave/:id',
  // Scores: the gradebook, its batch saves and status, and XLSX import.
  scoreClasses: '/api/scores/classes',
  scoreSheet: '/api/scores/sheet',
  scoreBatch: '/api/scores/batch',
  scoreStatus: '/api/scores/status',
  scoreImportPreview: '/api/scores/import/preview',
  scoreTemplate: '/api/scores/template',
  // Results: result sheets per month, term and year, a student's trend, report cards and PDFs.
  results: '/api/results',
  resultsExport: '/api/results/export',
  resultsStudent: '/api/results/students/:id',
  reportCards: '/api/reports/cards',
  reportComment: '/api/reports/comments',
  reportJobs: '/api/reports/jobs',
  reportJob: '/api/reports/jobs/:id',
  reportJobFile: '/api/reports/jobs/:id/file',
  dashboard: '/api/dashboard',
  // Telegram: the school's bot, linked chats, the outbox, and the updates Telegram sends us.
  telegramSetup: '/api/telegram/setup',
  telegramBot: '/api/telegram/bot',
  telegramNotices: '/api/telegram/notices',
  telegramTest: '/api/telegram/test',
  telegramLinks: '/api/telegram/links',
  telegramChats: '/api/telegram/chats',
  telegramChat: '/api/telegram/chats/:id',
  telegramSendRetry: '/api/telegram/sends/:id/retry',
  telegramWebhook: '/api/telegram/webhook/:schoolId',
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
