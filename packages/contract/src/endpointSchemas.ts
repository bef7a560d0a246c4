import type { z } from 'zod';
import {
  academicYearListResponseSchema,
  academicYearResponseSchema,
  createAcademicYearRequestSchema,
  createGradeLevelRequestSchema,
  gradeLevelListResponseSchema,
  gradeLevelResponseSchema,
  periodListResponseSchema,
  rolloverRequestSchema,
  rolloverResponseSchema,
  setPeriodsRequestSchema,
  updateAcademicYearRequestSchema,
  updateGradeLevelRequestSchema,
} from './academic.js';
import {
  attendanceClassesResponseSchema,
  createLeaveRequestSchema,
  dailyRateQuerySchema,
  dailyRateResponseSchema,
  leaveListQuerySchema,
  leaveListResponseSchema,
  leaveResponseSchema,
  monthExportQuerySchema,
  monthQuerySchema,
  monthRegisterSchema,
  notTakenQuerySchema,
  notTakenResponseSchema,
  saveSheetRequestSchema,
  saveSheetResponseSchema,
  sheetKeySchema,
  sheetResponseSchema,
  studentAttendanceQuerySchema,
  studentAttendanceResponseSchema,
} from './attendance.js';
import { auditListQuerySchema, auditListResponseSchema } from './audit.js';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  profileResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  refreshTokenResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyTokenRequestSchema,
  verifyTokenResponseSchema,
} from './auth.js';
import {
  classListQuerySchema,
  classListResponseSchema,
  classResponseSchema,
  createClassRequestSchema,
  updateClassRequestSchema,
} from './classes.js';
import { uuidParamsSchema } from './common.js';
import { dashboardResponseSchema } from './dashboard.js';
import {
  createDepartmentRequestSchema,
  deleteQuerySchema,
  departmentListQuerySchema,
  departmentListResponseSchema,
  departmentResponseSchema,
  updateDepartmentRequestSchema,
} from './departments.js';
import {
  createEmployeeRequestSchema,
  createStaffAccountsRequestSchema,
  createStaffAccountsResponseSchema,
  employeeDetailResponseSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  setWorkingStatusRequestSchema,
  staffAccountsPreviewRequestSchema,
  staffAccountsPreviewResponseSchema,
  updateEmployeeRequestSchema,
} from './employees.js';
import { fileResponseSchema } from './files.js';
import { healthResponseSchema } from './health.js';
import {
  createReportJobRequestSchema,
  reportCardsQuerySchema,
  reportCardsResponseSchema,
  reportCommentResponseSchema,
  reportJobResponseSchema,
  saveReportCommentRequestSchema,
} from './reports.js';
import {
  resultSheetSchema,
  resultsExportQuerySchema,
  resultsQuerySchema,
  studentTrendQuerySchema,
  studentTrendSchema,
} from './results.js';
import {
  createRoleRequestSchema,
  roleListResponseSchema,
  roleResponseSchema,
  updateRoleRequestSchema,
} from './roles.js';
import { schoolResponseSchema, updateSchoolRequestSchema } from './school.js';
import {
  saveScoresRequestSchema,
  saveScoresResponseSchema,
  scoreClassesResponseSchema,
  scoreImportPreviewSchema,
  scorePublishPreviewSchema,
  scoreSheetQuerySchema,
  scoreSheetResponseSchema,
  scoreStatusRequestSchema,
  scoreStatusResponseSchema,
} from './scores.js';
import {
  saveSidebarLayoutRequestSchema,
  sidebarLayoutListResponseSchema,
  sidebarLayoutResponseSchema,
} from './sidebar.js';
import {
  createStudentRequestSchema,
  endEnrollmentRequestSchema,
  enrollRequestSchema,
  importQuerySchema,
  importResultSchema,
  learnerListQuerySchema,
  learnerListResponseSchema,
  studentDetailResponseSchema,
  studentExportQuerySchema,
  studentListQuerySchema,
  studentListResponseSchema,
  studentResponseSchema,
  studentUpdateByIdRequestSchema,
  updateStudentRequestSchema,
} from './students.js';
import {
  courseDeleteRequestSchema,
  courseUpdateRequestSchema,
  createSubjectRequestSchema,
  subjectListQuerySchema,
  subjectListResponseSchema,
  subjectResponseSchema,
  updateSubjectRequestSchema,
} from './subjects.js';
import {
  assignmentListQuerySchema,
  assignmentListResponseSchema,
  assignmentResponseSchema,
  createAssignmentRequestSchema,
  createTeachingLogRequestSchema,
  createTimetableEntryRequestSchema,
  teachingLogEntryResponseSchema,
  teachingLogListResponseSchema,
  teachingLogQuerySchema,
  timetableEntryResponseSchema,
  timetableQuerySchema,
  timetableResponseSchema,
  updateAssignmentRequestSchema,
  updateTeachingLogRequestSchema,
  updateTimetableEntryRequestSchema,
} from './teaching.js';
import {
  telegramChatSchema,
  telegramChatUpdateSchema,
  telegramChatsQuerySchema,
  telegramChatsResponseSchema,
  telegramLinkRequestSchema,
  telegramLinkSchema,
  telegramNoticesRequestSchema,
  telegramSendSchema,
  telegramSetupSchema,
  telegramTestRequestSchema,
  telegramTokenRequestSchema,
  telegramWebhookParamsSchema,
} from './telegram.js';
import {
  changePasswordRequestSchema,
  createUserRequestSchema,
  okResponseSchema,
  otherSessionsSignedOutResponseSchema,
  profileUserResponseSchema,
  resetPasswordRequestSchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  setUserPermissionsRequestSchema,
  setUserRolesRequestSchema,
  setUserStatusRequestSchema,
  updateProfileRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userSessionParamsSchema,
} from './users.js';
import type { EndpointName } from './endpoints.js';

/** What an endpoint takes and answers; what it leaves out, it does not take (or answers a file). */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; `'multipart'` for an upload (one `file` part), read by the handler itself. */
  body?: z.ZodType | 'multipart';
  /** The JSON answer; none where the answer is a file (a spreadsheet, a PDF, an image). */
  response?: z.ZodType;
  /** The success status, when it is not 200. */
  status?: 202;
}

/**
 * What each endpoint of `endpoints` takes and answers, under the same names: the server
 * validates with these, and the app's client and the stories' handlers take their types from them.
 */
export const endpointSchemas = {
  getHealth: { response: healthResponseSchema },
  // The spec's auth calls (sections 7 and 8).
  postLogin: { body: loginRequestSchema, response: loginResponseSchema },
  postSignup: { body: signupRequestSchema, response: signupResponseSchema },
  postRefreshToken: { body: refreshRequestSchema, response: refreshTokenResponseSchema },
  postRefresh: { body: refreshRequestSchema, response: refreshResponseSchema },
  postVerifyToken: { body: verifyTokenRequestSchema, response: verifyTokenResponseSchema },
  postLogout: { body: logoutRequestSchema, response: logoutResponseSchema },
  // The signed-in user's own account.
  postProfile: { response: profileResponseSchema },
  patchProfile: { body: updateProfileRequestSchema, response: profileUserResponseSchema },
  postPassword: { body: changePasswordRequestSchema, response: okResponseSchema },
  /** GET lists the signed-in user's devices; DELETE signs out every other one. */
  getOwnSessions: { response: sessionListResponseSchema },
  deleteOwnSessions: { response: otherSessionsSignedOutResponseSchema },
  deleteOwnSession: { params: sessionParamsSchema, response: okResponseSchema },
  /** The saved sidebar layouts of the signed-in user's roles. */
  getOwnSidebar: { response: sidebarLayoutListResponseSchema },
  // User management and privileges.
  getUsers: { query: userListQuerySchema, response: userListResponseSchema },
  postUsers: { body: createUserRequestSchema, response: userResponseSchema },
  getUser: { params: uuidParamsSchema, response: userResponseSchema },
  patchUser: {
    params: uuidParamsSchema,
    body: updateUserRequestSchema,
    response: userResponseSchema,
  },
  postUserStatus: {
    params: uuidParamsSchema,
    body: setUserStatusRequestSchema,
    response: userResponseSchema,
  },
  postUserPassword: {
    params: uuidParamsSchema,
    body: resetPasswordRequestSchema,
    response: userResponseSchema,
  },
  putUserRoles: {
    params: uuidParamsSchema,
    body: setUserRolesRequestSchema,
    response: userResponseSchema,
  },
  putUserPermissions: {
    params: uuidParamsSchema,
    body: setUserPermissionsRequestSchema,
    response: userResponseSchema,
  },
  getUserSessions: { params: uuidParamsSchema, response: sessionListResponseSchema },
  deleteUserSession: { params: userSessionParamsSchema, response: okResponseSchema },
  getRoles: { response: roleListResponseSchema },
  postRoles: { body: createRoleRequestSchema, response: roleResponseSchema },
  getRole: { params: uuidParamsSchema, response: roleResponseSchema },
  patchRole: {
    params: uuidParamsSchema,
    body: updateRoleRequestSchema,
    response: roleResponseSchema,
  },
  deleteRole: { params: uuidParamsSchema, response: okResponseSchema },
  // The sidebar's menu per role (:id is the role's).
  getSidebarLayouts: { response: sidebarLayoutListResponseSchema },
  putSidebarLayout: {
    params: uuidParamsSchema,
    body: saveSidebarLayoutRequestSchema,
    response: sidebarLayoutResponseSchema,
  },
  deleteSidebarLayout: { params: uuidParamsSchema, response: okResponseSchema },
  // The school, its files and its history.
  getSchool: { response: schoolResponseSchema },
  patchSchool: { body: updateSchoolRequestSchema, response: schoolResponseSchema },
  // Image uploads (multipart, one `file` part), one path per purpose and permission.
  postUploadAvatar: { body: 'multipart', response: fileResponseSchema },
  postUploadLogo: { body: 'multipart', response: fileResponseSchema },
  postUploadStudentPhoto: { body: 'multipart', response: fileResponseSchema },
  getFile: { params: uuidParamsSchema },
  getAudit: { query: auditListQuerySchema, response: auditListResponseSchema },
  // The school's structure: years and terms, grade levels, the periods of a day.
  getAcademicYears: { response: academicYearListResponseSchema },
  postAcademicYears: {
    body: createAcademicYearRequestSchema,
    response: academicYearResponseSchema,
  },
  getAcademicYear: { params: uuidParamsSchema, response: academicYearResponseSchema },
  patchAcademicYear: {
    params: uuidParamsSchema,
    body: updateAcademicYearRequestSchema,
    response: academicYearResponseSchema,
  },
  deleteAcademicYear: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  postAcademicYearRollover: {
    params: uuidParamsSchema,
    body: rolloverRequestSchema,
    response: rolloverResponseSchema,
  },
  getGradeLevels: { response: gradeLevelListResponseSchema },
  postGradeLevels: { body: createGradeLevelRequestSchema, response: gradeLevelResponseSchema },
  getGradeLevel: { params: uuidParamsSchema, response: gradeLevelResponseSchema },
  patchGradeLevel: {
    params: uuidParamsSchema,
    body: updateGradeLevelRequestSchema,
    response: gradeLevelResponseSchema,
  },
  deleteGradeLevel: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  getPeriods: { response: periodListResponseSchema },
  putPeriods: { body: setPeriodsRequestSchema, response: periodListResponseSchema },
  getDepartments: { query: departmentListQuerySchema, response: departmentListResponseSchema },
  postDepartments: { body: createDepartmentRequestSchema, response: departmentResponseSchema },
  getDepartment: { params: uuidParamsSchema, response: departmentResponseSchema },
  patchDepartment: {
    params: uuidParamsSchema,
    body: updateDepartmentRequestSchema,
    response: departmentResponseSchema,
  },
  deleteDepartment: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  getEmployees: { query: employeeListQuerySchema, response: employeeListResponseSchema },
  postEmployees: { body: createEmployeeRequestSchema, response: employeeResponseSchema },
  getEmployee: { params: uuidParamsSchema, response: employeeDetailResponseSchema },
  patchEmployee: {
    params: uuidParamsSchema,
    body: updateEmployeeRequestSchema,
    response: employeeResponseSchema,
  },
  deleteEmployee: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  postEmployeeStatus: {
    params: uuidParamsSchema,
    body: setWorkingStatusRequestSchema,
    response: employeeResponseSchema,
  },
  postEmployeesImport: {
    body: 'multipart',
    query: importQuerySchema,
    response: importResultSchema,
  },
  getEmployeesExport: { query: employeeListQuerySchema },
  /** Accounts for many staff at once: what they would be (preview), then made. */
  postEmployeeAccountsPreview: {
    body: staffAccountsPreviewRequestSchema,
    response: staffAccountsPreviewResponseSchema,
  },
  postEmployeeAccounts: {
    body: createStaffAccountsRequestSchema,
    response: createStaffAccountsResponseSchema,
  },
  getSubjects: { query: subjectListQuerySchema, response: subjectListResponseSchema },
  postSubjects: { body: createSubjectRequestSchema, response: subjectResponseSchema },
  getSubject: { params: uuidParamsSchema, response: subjectResponseSchema },
  patchSubject: {
    params: uuidParamsSchema,
    body: updateSubjectRequestSchema,
    response: subjectResponseSchema,
  },
  deleteSubject: { params: uuidParamsSchema, query: deleteQuerySchema, response: okResponseSchema },
  // The spec's course calls (a course is a subject).
  getCoursesList: { query: subjectListQuerySchema, response: subjectListResponseSchema },
  postCoursesCreate: { body: createSubjectRequestSchema, response: subjectResponseSchema },
  getCourse: { params: uuidParamsSchema, response: subjectResponseSchema },
  postCoursesUpdate: { body: courseUpdateRequestSchema, response: subjectResponseSchema },
  postCoursesDelete: { body: courseDeleteRequestSchema, response: okResponseSchema },
  getClasses: { query: classListQuerySchema, response: classListResponseSchema },
  postClasses: { body: createClassRequestSchema, response: classResponseSchema },
  getSchoolClass: { params: uuidParamsSchema, response: classResponseSchema },
  patchSchoolClass: {
    params: uuidParamsSchema,
    body: updateClassRequestSchema,
    response: classResponseSchema,
  },
  deleteSchoolClass: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  getStudents: { query: studentListQuerySchema, response: studentListResponseSchema },
  postStudents: { body: createStudentRequestSchema, response: studentResponseSchema },
  getStudent: { params: uuidParamsSchema, response: studentDetailResponseSchema },
  patchStudent: {
    params: uuidParamsSchema,
    body: updateStudentRequestSchema,
    response: studentResponseSchema,
  },
  deleteStudent: { params: uuidParamsSchema, query: deleteQuerySchema, response: okResponseSchema },
  postStudentEnrollments: {
    params: uuidParamsSchema,
    body: enrollRequestSchema,
    response: studentDetailResponseSchema,
  },
  postStudentEnrollmentEnd: {
    params: uuidParamsSchema,
    body: endEnrollmentRequestSchema,
    response: studentDetailResponseSchema,
  },
  postStudentsImport: { body: 'multipart', query: importQuerySchema, response: importResultSchema },
  getStudentsExport: { query: studentExportQuerySchema },
  // The spec's learner and student calls.
  getLearnerList: { query: learnerListQuerySchema, response: learnerListResponseSchema },
  getStudentList: { query: studentListQuerySchema, response: studentListResponseSchema },
  postStudentCreate: { body: createStudentRequestSchema, response: studentResponseSchema },
  postStudentUpdate: { body: studentUpdateByIdRequestSchema, response: studentResponseSchema },
  getTeachingAssignments: {
    query: assignmentListQuerySchema,
    response: assignmentListResponseSchema,
  },
  postTeachingAssignments: {
    body: createAssignmentRequestSchema,
    response: assignmentResponseSchema,
  },
  patchTeachingAssignment: {
    params: uuidParamsSchema,
    body: updateAssignmentRequestSchema,
    response: assignmentResponseSchema,
  },
  deleteTeachingAssignment: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  getTimetable: { query: timetableQuerySchema, response: timetableResponseSchema },
  postTimetable: {
    body: createTimetableEntryRequestSchema,
    response: timetableEntryResponseSchema,
  },
  patchTimetableEntry: {
    params: uuidParamsSchema,
    body: updateTimetableEntryRequestSchema,
    response: timetableEntryResponseSchema,
  },
  deleteTimetableEntry: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  getTeachingLog: { query: teachingLogQuerySchema, response: teachingLogListResponseSchema },
  postTeachingLog: {
    body: createTeachingLogRequestSchema,
    response: teachingLogEntryResponseSchema,
  },
  patchTeachingLogEntry: {
    params: uuidParamsSchema,
    body: updateTeachingLogRequestSchema,
    response: teachingLogEntryResponseSchema,
  },
  deleteTeachingLogEntry: {
    params: uuidParamsSchema,
    query: deleteQuerySchema,
    response: okResponseSchema,
  },
  // Attendance: the classes one may take it for, sheets, the month register, leave, summaries.
  getAttendanceClasses: { response: attendanceClassesResponseSchema },
  getAttendanceSheet: { query: sheetKeySchema, response: sheetResponseSchema },
  postAttendanceSheets: { body: saveSheetRequestSchema, response: saveSheetResponseSchema },
  getAttendanceMonth: { query: monthQuerySchema, response: monthRegisterSchema },
  getAttendanceMonthExport: { query: monthExportQuerySchema },
  getAttendanceStudent: {
    params: uuidParamsSchema,
    query: studentAttendanceQuerySchema,
    response: studentAttendanceResponseSchema,
  },
  getAttendanceNotTaken: { query: notTakenQuerySchema, response: notTakenResponseSchema },
  getAttendanceDaily: { query: dailyRateQuerySchema, response: dailyRateResponseSchema },
  getAttendanceLeave: { query: leaveListQuerySchema, response: leaveListResponseSchema },
  postAttendanceLeave: { body: createLeaveRequestSchema, response: leaveResponseSchema },
  deleteAttendanceLeaveEntry: { params: uuidParamsSchema, response: okResponseSchema },
  // Scores: the gradebook, its batch saves and status, and XLSX import.
  getScoreClasses: { response: scoreClassesResponseSchema },
  getScoreSheet: { query: scoreSheetQuerySchema, response: scoreSheetResponseSchema },
  postScoreBatch: { body: saveScoresRequestSchema, response: saveScoresResponseSchema },
  postScoreStatus: { body: scoreStatusRequestSchema, response: scoreStatusResponseSchema },
  getScorePublishPreview: { query: scoreSheetQuerySchema, response: scorePublishPreviewSchema },
  postScoreImportPreview: {
    body: 'multipart',
    query: scoreSheetQuerySchema,
    response: scoreImportPreviewSchema,
  },
  getScoreTemplate: { query: scoreSheetQuerySchema },
  // Results: result sheets per month, term and year, a student's trend, report cards and PDFs.
  getResults: { query: resultsQuerySchema, response: resultSheetSchema },
  getResultsExport: { query: resultsExportQuerySchema },
  getResultsStudent: {
    params: uuidParamsSchema,
    query: studentTrendQuerySchema,
    response: studentTrendSchema,
  },
  /** JSON by default; `format=html` answers the printable page instead. */
  getReportCards: { query: reportCardsQuerySchema, response: reportCardsResponseSchema },
  putReportComment: { body: saveReportCommentRequestSchema, response: reportCommentResponseSchema },
  postReportJobs: {
    body: createReportJobRequestSchema,
    response: reportJobResponseSchema,
    status: 202,
  },
  deleteReportJob: { params: uuidParamsSchema, response: okResponseSchema },
  getReportJob: { params: uuidParamsSchema, response: reportJobResponseSchema },
  getReportJobFile: { params: uuidParamsSchema },
  getDashboard: { response: dashboardResponseSchema },
  // Telegram: the school's bot, linked chats, the outbox, and the updates Telegram sends us.
  getTelegramSetup: { response: telegramSetupSchema },
  putTelegramBot: { body: telegramTokenRequestSchema, response: telegramSetupSchema },
  deleteTelegramBot: { response: telegramSetupSchema },
  putTelegramNotices: { body: telegramNoticesRequestSchema, response: telegramSetupSchema },
  postTelegramTest: { body: telegramTestRequestSchema, response: telegramSendSchema },
  postTelegramLinks: { body: telegramLinkRequestSchema, response: telegramLinkSchema },
  getTelegramChats: { query: telegramChatsQuerySchema, response: telegramChatsResponseSchema },
  patchTelegramChat: {
    params: uuidParamsSchema,
    body: telegramChatUpdateSchema,
    response: telegramChatSchema,
  },
  deleteTelegramChat: { params: uuidParamsSchema, response: okResponseSchema },
  postTelegramSendRetry: { params: uuidParamsSchema, response: telegramSendSchema },
  postTelegramWebhook: { params: telegramWebhookParamsSchema },
} as const satisfies { [Name in EndpointName]: EndpointSchemas };

type Schemas<Name extends EndpointName> = (typeof endpointSchemas)[Name];
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** The parsed path parameters, query and body the server's handler of an endpoint receives. */
export type EndpointParams<Name extends EndpointName> =
  Schemas<Name> extends { params: infer S } ? Output<S> : Record<string, never>;
export type EndpointQuery<Name extends EndpointName> =
  Schemas<Name> extends { query: infer S } ? Output<S> : Record<string, never>;
export type EndpointBody<Name extends EndpointName> =
  Schemas<Name> extends { body: infer S } ? Output<S> : undefined;
/** What an endpoint answers (JSON), as the server returns it and the client receives it. */
export type EndpointResponse<Name extends EndpointName> =
  Schemas<Name> extends {
    response: infer S;
  }
    ? z.output<S & z.ZodType>
    : never;

/** What a caller sends to an endpoint: its path parameters, query and JSON body, as typed in. */
export type EndpointRequest<Name extends EndpointName> = (Schemas<Name> extends {
  params: infer S;
}
  ? { params: Input<S> }
  : { params?: undefined }) &
  (Schemas<Name> extends { query: infer S } ? { query: Input<S> } : { query?: undefined }) &
  (Schemas<Name> extends { body: infer S extends z.ZodType }
    ? { body: Input<S> }
    : { body?: undefined });
