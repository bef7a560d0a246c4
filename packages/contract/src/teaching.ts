import { z } from 'zod';
import {
  calendarDateSchema,
  decimalSchema,
  isoDateSchema,
  pageQuerySchema,
  pagedSchema,
  plainTextSchema,
  sessionOfDaySchema,
  updateShape,
  versionSchema,
} from './common.js';

const named = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/** Who teaches a subject in a class in a year: what every "own classes" permission stands on. */
export const teachingAssignmentSchema = z.object({
  id: z.uuid(),
  yearId: z.uuid(),
  schoolClass: named,
  subject: named.extend({ code: z.string() }),
  teacher: named,
  hoursPerWeek: z.number().nullable(),
  version: z.number().int(),
});
export type TeachingAssignment = z.infer<typeof teachingAssignmentSchema>;

export const createAssignmentRequestSchema = z
  .object({
    classId: z.uuid(),
    subjectId: z.uuid(),
    employeeId: z.uuid(),
    hoursPerWeek: decimalSchema(0.01, 40).nullable().default(null),
  })
  .strict();
export type CreateAssignmentRequest = z.input<typeof createAssignmentRequestSchema>;
export const updateAssignmentRequestSchema = z
  .object({
    employeeId: z.uuid(),
    hoursPerWeek: decimalSchema(0.01, 40).nullable(),
  })
  .partial()
  .extend({ version: versionSchema })
  .strict();
export type UpdateAssignmentRequest = z.input<typeof updateAssignmentRequestSchema>;

export const assignmentListQuerySchema = z.object({
  /** Default: the current year. */
  yearId: z.uuid().optional(),
  classId: z.uuid().optional(),
  employeeId: z.uuid().optional(),
  /** Only the signed-in user's own assignments. */
  mine: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;
export const assignmentListResponseSchema = z.object({ items: z.array(teachingAssignmentSchema) });
export type AssignmentListResponse = z.infer<typeof assignmentListResponseSchema>;
export const assignmentResponseSchema = z.object({ assignment: teachingAssignmentSchema });

/** 1 Monday … 7 Sunday (ISO 8601). */
export const dayOfWeekSchema = z.number().int().min(1).max(7);

/** One lesson of the week. */
export const timetableEntrySchema = z.object({
  id: z.uuid(),
  yearId: z.uuid(),
  dayOfWeek: dayOfWeekSchema,
  period: z.object({
    id: z.uuid(),
    session: sessionOfDaySchema,
    number: z.number().int(),
    /** `HH:MM` */
    startTime: z.string(),
    endTime: z.string(),
  }),
  schoolClass: named,
  subject: named.extend({ code: z.string() }),
  teacher: named.nullable(),
  room: z.string(),
  version: z.number().int(),
});
export type TimetableEntry = z.infer<typeof timetableEntrySchema>;

export const createTimetableEntryRequestSchema = z
  .object({
    classId: z.uuid(),
    dayOfWeek: dayOfWeekSchema,
    periodId: z.uuid(),
    subjectId: z.uuid(),
    /** Default: the teacher assigned to the subject in the class. */
    employeeId: z.uuid().nullable().optional(),
    /** Default: the class's room. */
    room: plainTextSchema(50).optional(),
  })
  .strict();
export type CreateTimetableEntryRequest = z.input<typeof createTimetableEntryRequestSchema>;
export const updateTimetableEntryRequestSchema = updateShape(
  createTimetableEntryRequestSchema.omit({ classId: true }),
)
  .extend({ version: versionSchema })
  .strict();
export type UpdateTimetableEntryRequest = z.input<typeof updateTimetableEntryRequestSchema>;

/** One view of the timetable (exactly one): a class's, a teacher's week, a room's, or the caller's. */
export const timetableQuerySchema = z
  .object({
    /** Default: the current year. */
    yearId: z.uuid().optional(),
    classId: z.uuid().optional(),
    employeeId: z.uuid().optional(),
    room: plainTextSchema(50).min(1).optional(),
    /** The signed-in teacher's own week. */
    mine: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .strict()
  .refine(
    (query) =>
      [query.classId, query.employeeId, query.room, query.mine || undefined].filter(
        (view) => view !== undefined,
      ).length === 1,
    { message: 'TIMETABLE_VIEW_REQUIRED' },
  );
export type TimetableQuery = z.input<typeof timetableQuerySchema>;
export const timetableResponseSchema = z.object({ items: z.array(timetableEntrySchema) });
export type TimetableResponse = z.infer<typeof timetableResponseSchema>;
export const timetableEntryResponseSchema = z.object({ entry: timetableEntrySchema });

/** A lesson a member of staff taught: its date, class, subject, hours and content. */
export const teachingLogEntrySchema = z.object({
  id: z.uuid(),
  date: calendarDateSchema,
  teacher: named,
  schoolClass: named,
  subject: named,
  hours: z.number(),
  content: z.string(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type TeachingLogEntry = z.infer<typeof teachingLogEntrySchema>;
export const teachingLogEntryResponseSchema = z.object({ entry: teachingLogEntrySchema });
export const createTeachingLogRequestSchema = z
  .object({
    /** Default: the signed-in user's own staff record. */
    employeeId: z.uuid().optional(),
    classId: z.uuid(),
    subjectId: z.uuid(),
    date: isoDateSchema,
    hours: decimalSchema(0.01, 12),
    content: plainTextSchema(2000).default(''),
  })
  .strict();
export type CreateTeachingLogRequest = z.input<typeof createTeachingLogRequestSchema>;
/** Corrects a logged lesson: its class, subject, date, hours or content (not whose it is). */
export const updateTeachingLogRequestSchema = updateShape(
  createTeachingLogRequestSchema.omit({ employeeId: true }),
)
  .extend({ version: versionSchema })
  .strict();
export type UpdateTeachingLogRequest = z.input<typeof updateTeachingLogRequestSchema>;
export const teachingLogQuerySchema = pageQuerySchema.extend({
  employeeId: z.uuid().optional(),
  classId: z.uuid().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type TeachingLogQuery = z.infer<typeof teachingLogQuerySchema>;
export const teachingLogListResponseSchema = pagedSchema(teachingLogEntrySchema).extend({
  /** Hours of all matching lessons, not only this page's. */
  totalHours: z.number(),
});
export type TeachingLogListResponse = z.infer<typeof teachingLogListResponseSchema>;
