import type { IdTable } from './school.js';

/**
 * What each part of the API owns: the table its `:id` (or a body's `id`) names, and the tables
 * its module writes — checksummed around every refused request of its routes. Every other table
 * is held to its row count (see `snapshotQuery`).
 */
export interface Area {
  prefix: RegExp;
  idTable?: IdTable;
  tables: string[];
  /**
   * What of a table is checked, where a refusal writes some of its rows by design or the
   * background changes them: table → a query of the rows and columns still held unchanged
   * (the journal of writes then leaves that table out for this area's routes).
   */
  checkedRows?: Record<string, string>;
}

export const areas: Area[] = [
  { prefix: /^\/api\/health$/, tables: [] },
  {
    prefix: /^\/api\/auth\//,
    tables: ['users', 'user_roles', 'sessions', 'refresh_tokens'],
    // A refused sign-in to a real account is a security event its administrators see in the
    // audit log (auth/service.ts `login`).
    checkedRows: {
      audit_log: `(select * from audit_log where action not in ('auth.login_failed', 'auth.login_disabled'))`,
    },
  },
  {
    prefix: /^\/api\/user\/sessions/,
    idTable: 'sessions',
    tables: ['sessions', 'refresh_tokens'],
  },
  { prefix: /^\/api\/user\//, tables: ['users', 'sessions', 'refresh_tokens', 'files'] },
  {
    prefix: /^\/api\/users/,
    idTable: 'users',
    tables: ['users', 'user_roles', 'user_permissions', 'sessions', 'refresh_tokens'],
  },
  {
    prefix: /^\/api\/roles/,
    idTable: 'roles',
    tables: ['roles', 'role_permissions', 'user_roles', 'sidebar_layouts'],
  },
  { prefix: /^\/api\/sidebar-layouts/, idTable: 'roles', tables: ['sidebar_layouts'] },
  { prefix: /^\/api\/school$/, tables: ['schools'] },
  { prefix: /^\/api\/files/, idTable: 'files', tables: ['files', 'users', 'schools'] },
  { prefix: /^\/api\/audit/, tables: [] },
  { prefix: /^\/api\/dashboard/, tables: [] },
  {
    prefix: /^\/api\/departments/,
    idTable: 'departments',
    tables: ['departments', 'employees', 'subjects'],
  },
  {
    prefix: /^\/api\/(students|student|learner)\//,
    idTable: 'students',
    tables: ['students', 'enrollments'],
  },
  { prefix: /^\/api\/students$/, tables: ['students', 'enrollments'] },
  {
    prefix: /^\/api\/employees/,
    idTable: 'employees',
    tables: ['employees', 'employee_status_changes', 'users', 'departments'],
  },
  {
    prefix: /^\/api\/academic-years/,
    idTable: 'academic_years',
    tables: [
      'academic_years',
      'terms',
      'classes',
      'enrollments',
      'teaching_assignments',
      'timetable_entries',
    ],
  },
  {
    prefix: /^\/api\/grade-levels/,
    idTable: 'grade_levels',
    tables: ['grade_levels', 'subject_grade_levels'],
  },
  { prefix: /^\/api\/periods/, idTable: 'periods', tables: ['periods', 'timetable_entries'] },
  { prefix: /^\/api\/classes/, idTable: 'classes', tables: ['classes', 'enrollments'] },
  {
    prefix: /^\/api\/(subjects|courses)/,
    idTable: 'subjects',
    tables: ['subjects', 'subject_grade_levels'],
  },
  {
    prefix: /^\/api\/teaching\/assignments/,
    idTable: 'teaching_assignments',
    tables: ['teaching_assignments', 'timetable_entries'],
  },
  { prefix: /^\/api\/timetable/, idTable: 'timetable_entries', tables: ['timetable_entries'] },
  { prefix: /^\/api\/teaching\/log/, idTable: 'teaching_log', tables: ['teaching_log'] },
  {
    prefix: /^\/api\/attendance\/leave/,
    idTable: 'leave_requests',
    tables: ['leave_requests', 'attendance_marks'],
  },
  {
    prefix: /^\/api\/attendance/,
    idTable: 'students',
    tables: ['attendance_sheets', 'attendance_marks', 'leave_requests', 'telegram_outbox'],
  },
  {
    prefix: /^\/api\/reports/,
    idTable: 'report_jobs',
    tables: ['report_comments', 'report_jobs', 'files'],
    // The print queue moves a job on (status, progress, lease) in the background.
    checkedRows: {
      report_jobs:
        '(select id, school_id, requested_by, class_id, params, created_at from report_jobs)',
    },
  },
  { prefix: /^\/api\/results/, idTable: 'students', tables: [] },
  { prefix: /^\/api\/scores/, tables: ['score_sheets', 'scores', 'telegram_outbox'] },
  {
    prefix: /^\/api\/telegram\/sends/,
    idTable: 'telegram_outbox',
    tables: ['telegram_outbox'],
  },
  { prefix: /^\/api\/telegram\/webhook/, tables: ['telegram_chats', 'telegram_link_codes'] },
  {
    prefix: /^\/api\/telegram/,
    idTable: 'telegram_chats',
    tables: ['telegram_bots', 'telegram_chats', 'telegram_link_codes', 'telegram_outbox'],
  },
];

/** The area of a route (its url as registered, e.g. `/api/classes/:id`). */
export function areaOf(url: string): Area {
  const area = areas.find((candidate) => candidate.prefix.test(url));
  if (!area) throw new Error(`${url} belongs to no fuzzing area: add it to test/fuzz/areas.ts`);
  return area;
}

/**
 * The table a field named `key` holds an id of (`classId`, `studentIds`, `homeroomEmployeeId`…);
 * `id` and the route's own parameters are the route's table.
 */
export function tableOfKey(key: string | undefined, area: Area): IdTable | undefined {
  if (!key) return undefined;
  if (key === 'id') return area.idTable;
  const name = key.replace(/Ids?$/, '').toLowerCase();
  if (name === key.toLowerCase()) return undefined;
  const byName: [RegExp, IdTable][] = [
    [/school$/, 'schools'],
    [/user$/, 'users'],
    [/session$/, 'sessions'],
    [/role$/, 'roles'],
    [/(file|photo|logo|avatar)/, 'files'],
    [/department$/, 'departments'],
    [/employee$/, 'employees'],
    [/student$/, 'students'],
    [/year$/, 'academic_years'],
    [/term$/, 'terms'],
    [/gradelevel$/, 'grade_levels'],
    [/class$/, 'classes'],
    [/subject$/, 'subjects'],
    [/period$/, 'periods'],
    [/sheet$/, 'attendance_sheets'],
    [/chat$/, 'telegram_chats'],
    [/job$/, 'report_jobs'],
  ];
  return byName.find(([pattern]) => pattern.test(name))?.[1];
}
