import { sql } from 'drizzle-orm';
import type { StudentOrder } from '@sala/contract';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Bumped by every update: a writer sends the version it read, so a concurrent edit is detected. */
const version = () => integer('version').notNull().default(1);
const schoolId = () =>
  uuid('school_id')
    .notNull()
    .references(() => schools.id);
/** A calendar date without a time zone, as `YYYY-MM-DD`. */
const day = (name: string) => date(name, { mode: 'string' });
/** A decimal kept exactly and read as a JavaScript number. */
const decimal = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

/** A school: the tenant every other row belongs to. Its code is the "database code" at sign-in. */
export const schools = pgTable(
  'schools',
  {
    id: id(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** The logo image (files.id); no foreign key, so a school and its files can be created in either order. */
    logoFileId: uuid('logo_file_id'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** How students are listed on every screen and print: 'name' (Khmer order) or 'code'. */
    studentOrder: text('student_order').$type<StudentOrder>().notNull().default('name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('schools_code_key').on(sql`lower(${t.code})`),
    check('schools_student_order_check', sql`${t.studentOrder} in ('name', 'code')`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    username: text('username').notNull(),
    email: text('email'),
    /** E.164 */
    phone: text('phone'),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    locale: text('locale', { enum: ['en', 'km'] })
      .notNull()
      .default('km'),
    /** Latin or Khmer digits in numbers shown to this user. */
    digits: text('digits', { enum: ['latn', 'khmr'] })
      .notNull()
      .default('latn'),
    gender: text('gender', { enum: ['female', 'male', 'other'] }),
    avatarFileId: uuid('avatar_file_id'),
    status: text('status', { enum: ['active', 'disabled', 'pending'] })
      .notNull()
      .default('active'),
    passwordHash: text('password_hash').notNull(),
    /** Set by an administrator's password reset; cleared when the user picks their own. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by an edit of the account's details, roles or direct permissions. */
    version: version(),
  },
  (t) => [
    uniqueIndex('users_school_username_key').on(t.schoolId, sql`lower(${t.username})`),
    uniqueIndex('users_school_email_key')
      .on(t.schoolId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_school_phone_key')
      .on(t.schoolId, t.phone)
      .where(sql`${t.phone} is not null`),
  ],
);

/**
 * A signed-in device: one sign-in and the refresh tokens that rotated from it (RFC 9700 calls
 * them a family). Access tokens name the session, so revoking it ends them all at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.schoolId, t.userId)],
);

/**
 * Every refresh token a session was given, kept only as a SHA-256 hash. The current one has no
 * `rotatedAt`; a rotated one presented again is a reuse, and revokes its session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A named bundle of permissions, per school. The `admin` role is the system role. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    key: text('key').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_school_key_key').on(t.schoolId, t.key)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Permissions granted to one user directly, besides their roles'. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/** Who changed what, when, with the record before and after; written in the change's transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_school_at_idx').on(t.schoolId, t.at),
    index('audit_log_entity_idx').on(t.schoolId, t.entity, t.entityId),
  ],
);

/** An uploaded file; its bytes live in the storage (disk under DATA_DIR by default). */
export const files = pgTable(
  'files',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    purpose: text('purpose', { enum: ['avatar', 'logo', 'student-photo'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
    /**
     * When the file was last set on a record (an avatar, a logo, a photo). A file no record
     * refers to is removed once this date, or its upload's, is older than the grace period;
     * setting it on a record takes the row's lock and a new date, so the removal never takes a
     * file being set at the same time.
     */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [index('files_school_idx').on(t.schoolId)],
);

/**
 * Counters of the rate limits (login attempts per account and per address). They live in the
 * database, not in memory, so every server process sharing it counts together.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A role's sidebar menu: the order of the entries and which are hidden (see the contract's
 * `sidebarRoutes`). No row: the default menu. Removed with its role.
 */
export const sidebarLayouts = pgTable(
  'sidebar_layouts',
  {
    roleId: uuid('role_id')
      .primaryKey()
      .references(() => roles.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    entries: jsonb('entries').$type<{ route: string; hidden: boolean }[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [index('sidebar_layouts_school_idx').on(t.schoolId)],
);

/** A school year: "2025–2026", its dates, and its terms. One year is the current one. */
export const academicYears = pgTable(
  'academic_years',
  {
    id: id(),
    schoolId: schoolId(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('academic_years_school_name_key').on(t.schoolId, sql`lower(${t.name})`),
    uniqueIndex('academic_years_current_key')
      .on(t.schoolId)
      .where(sql`${t.isCurrent}`),
    check('academic_years_dates', sql`${t.startDate} < ${t.endDate}`),
  ],
);

/** A term (usually a semester) of a year: its months in order and the month of its exam. */
export const terms = pgTable(
  'terms',
  {
    id: id(),
    schoolId: schoolId(),
    yearId: uuid('year_id')
      .notNull()
      .references(() => academicYears.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** Month numbers 1–12 in teaching order, e.g. [11, 12, 1, 2]. */
    months: jsonb('months').$type<number[]>().notNull(),
    examMonth: smallint('exam_month').notNull(),
  },
  (t) => [uniqueIndex('terms_year_number_key').on(t.yearId, t.number)],
);

/** A grade (1–12): its score maximum and the divisor of its monthly average. */
export const gradeLevels = pgTable(
  'grade_levels',
  {
    id: id(),
    schoolId: schoolId(),
    number: smallint('number').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    maxScore: decimal('max_score').notNull(),
    /** The monthly average's divisor; null: the number of subjects. */
    divisor: decimal('divisor'),
    version: version(),
  },
  (t) => [uniqueIndex('grade_levels_school_number_key').on(t.schoolId, t.number)],
);

export const departments = pgTable(
  'departments',
  {
    id: id(),
    schoolId: schoolId(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    description: text('description').notNull().default(''),
    headEmployeeId: uuid('head_employee_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_school_code_key').on(t.schoolId, sql`lower(${t.code})`)],
);

/** A member of staff (the spec's employee), with an optional sign-in account. */
export const employees = pgTable(
  'employees',
  {
    id: id(),
    schoolId: schoolId(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    gender: text('gender', { enum: ['female', 'male', 'other'] }),
    birthDate: day('birth_date'),
    birthPlace: text('birth_place').notNull().default(''),
    /** E.164 */
    phone: text('phone'),
    email: text('email'),
    photoFileId: uuid('photo_file_id'),
    departmentId: uuid('department_id').references(() => departments.id),
    position: text('position').notNull().default(''),
    hireDate: day('hire_date'),
    workingStatus: text('working_status', {
      enum: ['working', 'resigned', 'terminated', 'expired', 'abandoned'],
    })
      .notNull()
      .default('working'),
    maritalStatus: text('marital_status', {
      enum: ['single', 'married', 'divorced', 'widowed'],
    }),
    nssfType: text('nssf_type', { enum: ['in_system', 'out_system'] }),
    nssfNumber: text('nssf_number').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employees_school_code_key').on(t.schoolId, sql`lower(${t.code})`),
    uniqueIndex('employees_user_key')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('employees_department_idx').on(t.schoolId, t.departmentId),
  ],
);

/** Each change of a staff member's working status, with its date and reason. */
export const employeeStatusChanges = pgTable(
  'employee_status_changes',
  {
    id: id(),
    schoolId: schoolId(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    effectiveDate: day('effective_date').notNull(),
    note: text('note').notNull().default(''),
    changedBy: uuid('changed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('employee_status_changes_employee_idx').on(t.employeeId)],
);

/** A subject (the spec's course): its type, maximum score and coefficient, per grade level. */
export const subjects = pgTable(
  'subjects',
  {
    id: id(),
    schoolId: schoolId(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    type: text('type', { enum: ['learning_exam', 'learning', 'exam', 'attendance'] })
      .notNull()
      .default('learning_exam'),
    maxScore: decimal('max_score').notNull(),
    coefficient: decimal('coefficient').notNull().default(1),
    departmentId: uuid('department_id').references(() => departments.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subjects_school_code_key').on(t.schoolId, sql`lower(${t.code})`)],
);

export const subjectGradeLevels = pgTable(
  'subject_grade_levels',
  {
    schoolId: schoolId(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    gradeLevelId: uuid('grade_level_id')
      .notNull()
      .references(() => gradeLevels.id),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.gradeLevelId] })],
);

/** A class of a year: grade level and section (7A), its homeroom teacher, room and shift. */
export const classes = pgTable(
  'classes',
  {
    id: id(),
    schoolId: schoolId(),
    yearId: uuid('year_id')
      .notNull()
      .references(() => academicYears.id),
    gradeLevelId: uuid('grade_level_id')
      .notNull()
      .references(() => gradeLevels.id),
    section: text('section').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    homeroomEmployeeId: uuid('homeroom_employee_id').references(() => employees.id),
    room: text('room').notNull().default(''),
    session: text('session', { enum: ['morning', 'afternoon', 'full_day'] })
      .notNull()
      .default('morning'),
    capacity: smallint('capacity'),
    /** The class it was promoted from, by a year rollover. */
    previousClassId: uuid('previous_class_id').references((): AnyPgColumn => classes.id, {
      onDelete: 'set null',
    }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('classes_year_grade_section_key').on(
      t.yearId,
      t.gradeLevelId,
      sql`lower(${t.section})`,
    ),
    index('classes_school_year_idx').on(t.schoolId, t.yearId),
  ],
);

/** A learner. The code is generated (or imported) and unique in the school. */
export const students = pgTable(
  'students',
  {
    id: id(),
    schoolId: schoolId(),
    code: text('code').notNull(),
    nameKm: text('name_km').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    gender: text('gender', { enum: ['female', 'male', 'other'] }),
    birthDate: day('birth_date'),
    birthPlace: text('birth_place').notNull().default(''),
    photoFileId: uuid('photo_file_id'),
    address: text('address').notNull().default(''),
    guardianName: text('guardian_name').notNull().default(''),
    /** E.164 */
    guardianPhone: text('guardian_phone'),
    guardianRelation: text('guardian_relation').notNull().default(''),
    status: text('status', {
      enum: ['studying', 'suspended', 'dropped_out', 'graduated', 'transferred'],
    })
      .notNull()
      .default('studying'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('students_school_code_key').on(t.schoolId, sql`lower(${t.code})`),
    index('students_school_name_idx').on(t.schoolId, t.nameEn),
  ],
);

/**
 * A student's place in a class for part of a year. A transfer ends one enrollment and starts
 * another, so attendance and scores stay with the class they were taken in. At most one open
 * enrollment per student and year.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    yearId: uuid('year_id')
      .notNull()
      .references(() => academicYears.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    startDate: day('start_date').notNull(),
    endDate: day('end_date'),
    endReason: text('end_reason', {
      enum: ['transferred', 'promoted', 'repeated', 'left', 'graduated', 'dropped_out'],
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_open_key')
      .on(t.studentId, t.yearId)
      .where(sql`${t.endDate} is null`),
    index('enrollments_class_idx').on(t.classId),
    index('enrollments_student_idx').on(t.studentId),
  ],
);

/** Who teaches which subject in which class: the ground of every "own classes" permission. */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: id(),
    schoolId: schoolId(),
    yearId: uuid('year_id')
      .notNull()
      .references(() => academicYears.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    hoursPerWeek: decimal('hours_per_week'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teaching_assignments_class_subject_key').on(t.classId, t.subjectId),
    index('teaching_assignments_employee_idx').on(t.employeeId, t.yearId),
  ],
);

/** The periods of a school day for a shift: number and times. */
export const periods = pgTable(
  'periods',
  {
    id: id(),
    schoolId: schoolId(),
    session: text('session', { enum: ['morning', 'afternoon', 'full_day'] }).notNull(),
    number: smallint('number').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    version: version(),
  },
  (t) => [
    uniqueIndex('periods_school_session_number_key').on(t.schoolId, t.session, t.number),
    check('periods_times', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/**
 * One lesson of the week: day × period × class → subject, teacher and room. A teacher or a room
 * in two places at once is refused (the unique indexes back the service's clear message).
 */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: id(),
    schoolId: schoolId(),
    yearId: uuid('year_id')
      .notNull()
      .references(() => academicYears.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** 1 Monday … 7 Sunday */
    dayOfWeek: smallint('day_of_week').notNull(),
    periodId: uuid('period_id')
      .notNull()
      .references(() => periods.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    employeeId: uuid('employee_id').references(() => employees.id),
    room: text('room').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('timetable_class_slot_key').on(t.classId, t.dayOfWeek, t.periodId),
    uniqueIndex('timetable_teacher_slot_key')
      .on(t.yearId, t.employeeId, t.dayOfWeek, t.periodId)
      .where(sql`${t.employeeId} is not null`),
    uniqueIndex('timetable_room_slot_key')
      .on(t.yearId, sql`lower(${t.room})`, t.dayOfWeek, t.periodId)
      .where(sql`${t.room} <> ''`),
    check('timetable_day', sql`${t.dayOfWeek} between 1 and 7`),
  ],
);

/** The staff teaching log: a lesson taught, its date, content and hours. */
export const teachingLog = pgTable(
  'teaching_log',
  {
    id: id(),
    schoolId: schoolId(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    date: day('date').notNull(),
    hours: decimal('hours').notNull(),
    content: text('content').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('teaching_log_employee_date_idx').on(t.employeeId, t.date)],
);

/**
 * One attendance sheet: a class, a day, a shift and optionally one period. Its id is made by the
 * client that opened it, so a repeated save (a retry, an offline queue syncing) finds it again.
 */
export const attendanceSheets = pgTable(
  'attendance_sheets',
  {
    id: uuid('id').primaryKey(),
    schoolId: schoolId(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    date: day('date').notNull(),
    session: text('session', { enum: ['morning', 'afternoon', 'full_day'] }).notNull(),
    periodId: uuid('period_id').references(() => periods.id),
    takenBy: uuid('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex('attendance_sheets_slot_key').on(
      t.classId,
      t.date,
      t.session,
      sql`coalesce(${t.periodId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('attendance_sheets_school_date_idx').on(t.schoolId, t.date),
  ],
);

/**
 * A student's mark on a sheet. `status` is the mark now; `takenStatus` is the mark of the
 * teacher who took the sheet, kept when an office correction changes it.
 */
export const attendanceMarks = pgTable(
  'attendance_marks',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => attendanceSheets.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    status: text('status', { enum: ['present', 'absent', 'permission', 'late'] }).notNull(),
    minutesLate: smallint('minutes_late'),
    note: text('note').notNull().default(''),
    takenStatus: text('taken_status', {
      enum: ['present', 'absent', 'permission', 'late'],
    }).notNull(),
    takenMinutesLate: smallint('taken_minutes_late'),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.studentId] }),
    index('attendance_marks_student_idx').on(t.studentId),
  ],
);

/** A leave (permission) recorded ahead for a student: they are marked Permission on those days. */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: id(),
    schoolId: schoolId(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    fromDate: day('from_date').notNull(),
    toDate: day('to_date').notNull(),
    /** One shift only, or null for every shift of the days. */
    session: text('session', { enum: ['morning', 'afternoon', 'full_day'] }),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('leave_requests_student_idx').on(t.studentId, t.fromDate),
    check('leave_requests_range', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

/**
 * The scores of one subject of a class for one test: a month's test or a term's exam. Its status
 * moves draft → submitted → published; a published sheet is locked until someone who may unlock
 * it does so (audited).
 */
export const scoreSheets = pgTable(
  'score_sheets',
  {
    id: id(),
    schoolId: schoolId(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['month', 'exam'] }).notNull(),
    /** The month of a monthly test (1–12); null for the term's exam. */
    month: smallint('month'),
    status: text('status', { enum: ['draft', 'submitted', 'published'] })
      .notNull()
      .default('draft'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('score_sheets_test_key').on(
      t.classId,
      t.subjectId,
      t.termId,
      t.kind,
      sql`coalesce(${t.month}, 0)`,
    ),
    index('score_sheets_school_term_idx').on(t.schoolId, t.termId),
    check(
      'score_sheets_month',
      sql`(${t.kind} = 'exam' and ${t.month} is null) or (${t.kind} = 'month' and ${t.month} between 1 and 12)`,
    ),
  ],
);

/** A student's score on a sheet: a number from 0 to the subject's maximum, or absent. */
export const scores = pgTable(
  'scores',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => scoreSheets.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolId: schoolId(),
    score: decimal('score'),
    absent: boolean('absent').notNull().default(false),
    note: text('note').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.studentId] }),
    index('scores_student_idx').on(t.studentId),
    check('scores_absent_or_score', sql`not (${t.absent} and ${t.score} is not null)`),
    check('scores_not_negative', sql`${t.score} is null or ${t.score} >= 0`),
  ],
);

/**
 * The homeroom teacher's comment on a student's report card for one period: a month (`m3`), a
 * term (`t1`, by term number) or the whole year (`y`).
 */
export const reportComments = pgTable(
  'report_comments',
  {
    id: id(),
    schoolId: schoolId(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    comment: text('comment').notNull().default(''),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('report_comments_key').on(t.classId, t.studentId, t.period)],
);

/**
 * A report-card PDF being made for a class (or some of its students) by the server's browser:
 * queued, running with its progress, done with its file, or failed with a reason.
 */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: id(),
    schoolId: schoolId(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    /** What was asked: the period, the language and the students. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Where the finished PDF is kept (the storage key). */
    storageKey: text('storage_key'),
    size: integer('size'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The server process printing it, while it runs. */
    claimedBy: text('claimed_by'),
    /** Until when the job is that process's: past it, another process takes the job over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('report_jobs_school_idx').on(t.schoolId, t.createdAt),
    index('report_jobs_queue_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A school's Telegram bot: its token encrypted (AES-256-GCM, never readable through the API),
 * what Telegram said the bot is, which notices are on, and where polling for updates stands.
 */
export const telegramBots = pgTable('telegram_bots', {
  schoolId: uuid('school_id')
    .primaryKey()
    .references(() => schools.id),
  /** `iv.tag.ciphertext`, base64url parts. */
  tokenSealed: text('token_sealed').notNull(),
  botId: bigint('bot_id', { mode: 'number' }).notNull(),
  username: text('username').notNull(),
  firstName: text('first_name').notNull(),
  /** Checked against the `X-Telegram-Bot-Api-Secret-Token` header of webhook calls. */
  webhookSecret: text('webhook_secret').notNull(),
  absenceNotice: boolean('absence_notice').notNull().default(true),
  summaryNotice: boolean('summary_notice').notNull().default(false),
  summaryTime: text('summary_time').notNull().default('17:00'),
  summaryChatId: uuid('summary_chat_id'),
  scoresNotice: boolean('scores_notice').notNull().default(true),
  /** The next update to ask Telegram for when polling. */
  updatesOffset: bigint('updates_offset', { mode: 'number' }).notNull().default(0),
  /** Which server process polls this bot, and until when (one at a time across processes). */
  pollOwner: text('poll_owner'),
  pollLeaseUntil: timestamp('poll_lease_until', { withTimezone: true }),
  /** A problem Telegram reported about the bot itself (revoked token), cleared by a good send. */
  problem: text('problem'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
  createdAt: createdAt(),
});

/** A Telegram chat linked to the school: a class's group, the office's, a staff's or a guardian's. */
export const telegramChats = pgTable(
  'telegram_chats',
  {
    id: id(),
    schoolId: schoolId(),
    /** Telegram's chat id (negative for groups). */
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['class', 'office', 'staff', 'guardian'] }).notNull(),
    title: text('title').notNull(),
    language: text('language', { enum: ['en', 'km'] })
      .notNull()
      .default('km'),
    status: text('status', { enum: ['active', 'blocked', 'gone'] })
      .notNull()
      .default('active'),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('telegram_chats_school_idx').on(t.schoolId, t.kind),
    index('telegram_chats_class_idx').on(t.classId),
    index('telegram_chats_student_idx').on(t.studentId),
    // One link per chat and purpose: linking the same group to the same class twice is one link.
    uniqueIndex('telegram_chats_link_key').on(
      t.schoolId,
      t.chatId,
      t.kind,
      sql`coalesce(${t.classId}, ${t.userId}, ${t.studentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

/** A one-time code that links a chat when sent to the bot (`/link CODE` or `/start CODE`). */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    id: id(),
    schoolId: schoolId(),
    code: text('code').notNull(),
    purpose: text('purpose', { enum: ['class', 'office', 'staff', 'guardian'] }).notNull(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['en', 'km'] })
      .notNull()
      .default('km'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('telegram_link_codes_code_key').on(t.code)],
);

/**
 * The outbox: every message to Telegram is a row first, written in the transaction of what
 * caused it, then sent by whichever server process claims it (`FOR UPDATE SKIP LOCKED`).
 * `idempotencyKey` makes a notice queued twice one message, and travels with each try.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: id(),
    schoolId: schoolId(),
    chatRowId: uuid('chat_row_id').references(() => telegramChats.id, { onDelete: 'set null' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    chatTitle: text('chat_title').notNull(),
    kind: text('kind', { enum: ['absence', 'summary', 'scores', 'test', 'link'] }).notNull(),
    text: text('text').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claimed row's lease: past it, a process that died mid-send has let go of it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_outbox_key').on(t.schoolId, t.idempotencyKey),
    index('telegram_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('telegram_outbox_school_idx').on(t.schoolId, t.createdAt),
  ],
);
