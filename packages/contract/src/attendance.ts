import { z } from 'zod';
import { messageKey } from './messages.js';
import {
  calendarDateSchema,
  calendarMonthSchema,
  isoDateSchema,
  isoMonthSchema,
  pageQuerySchema,
  pagedSchema,
  plainTextSchema,
  sessionOfDaySchema,
} from './common.js';
import { attendanceStatuses } from './attendanceStatuses.js';

export { openingSession, openingSheetKey } from './attendanceOpening.js';
export {
  attendanceStatuses,
  attendanceStatusCodes,
  type AttendanceStatus,
} from './attendanceStatuses.js';

const named = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });
const person = named.extend({ code: z.string() });

export const attendanceStatusSchema = z.enum(attendanceStatuses);

/** Which sheet: a class, a day, a shift and optionally one period of the timetable. */
export const sheetKeySchema = z.object({
  classId: z.uuid(),
  date: isoDateSchema,
  session: sessionOfDaySchema,
  periodId: z.uuid().optional(),
});
export type SheetKey = z.infer<typeof sheetKeySchema>;

/** One student's mark on a sheet, as sent. */
export const attendanceMarkInputSchema = z
  .object({
    studentId: z.uuid(),
    status: attendanceStatusSchema,
    /** Only with `late`. */
    minutesLate: z.number().int().min(1).max(600).nullable().default(null),
    note: plainTextSchema(300).default(''),
    /**
     * The mark the sender last saw for the student (on a new sheet: its default). When someone
     * else has changed it since, a different mark refuses the save (409 ATTENDANCE_CONFLICT) and
     * the same mark as seen leaves theirs in place: no lost update.
     */
    was: z
      .object({
        status: attendanceStatusSchema,
        minutesLate: z.number().int().nullable().default(null),
      })
      .strict()
      .optional(),
  })
  .strict();
export type AttendanceMarkInput = z.input<typeof attendanceMarkInputSchema>;

/**
 * Saves a whole sheet. `id` is made by the client when it opens a new sheet, so sending the same
 * save twice (a double tap, a retry after a timeout, an offline queue syncing) changes nothing
 * the second time. A save made on a sheet someone else saved meanwhile (another phone, the office)
 * is checked mark by mark against what its sender saw (`was`; on a new sheet, its defaults). Students left out keep their mark (or the default of a new sheet: present,
 * or permission when a leave covers the day).
 */
export const saveSheetRequestSchema = sheetKeySchema
  .extend({
    id: z.uuid(),
    marks: z.array(attendanceMarkInputSchema).max(200),
    /** When the marks were made on the device (an offline sheet syncs later). */
    recordedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.marks.forEach((mark, index) => {
      if (seen.has(mark.studentId)) {
        ctx.addIssue({ code: 'custom', message: 'DUPLICATE_STUDENT', path: ['marks', index] });
      }
      seen.add(mark.studentId);
      if (mark.minutesLate !== null && mark.minutesLate !== undefined && mark.status !== 'late') {
        ctx.addIssue({
          code: 'custom',
          message: 'INVALID_VALUE',
          path: ['marks', index, 'minutesLate'],
        });
      }
    });
  });
export type SaveSheetRequest = z.input<typeof saveSheetRequestSchema>;

/** A student's row on a sheet: the mark now, and the teacher's own mark when the office changed it. */
export const sheetRowSchema = z.object({
  student: person.extend({ photoFileId: z.uuid().nullable(), gender: z.string().nullable() }),
  status: attendanceStatusSchema,
  minutesLate: z.number().int().nullable(),
  note: z.string(),
  /** A leave request covering the day, when there is one. */
  leave: z.object({ id: z.uuid(), reason: z.string() }).nullable(),
  /** The mark of whoever took the sheet, when a correction changed it. */
  taken: z
    .object({ status: attendanceStatusSchema, minutesLate: z.number().int().nullable() })
    .nullable(),
  correction: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type SheetRow = z.infer<typeof sheetRowSchema>;

export const attendanceSheetSchema = z.object({
  /** The saved sheet's id, or the one a new sheet should be saved with. */
  id: z.uuid(),
  saved: z.boolean(),
  schoolClass: named.extend({ session: sessionOfDaySchema }),
  date: calendarDateSchema,
  session: sessionOfDaySchema,
  period: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  takenBy: z.string().nullable(),
  takenAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Whether the caller may save it: a teacher until the edit window closes, the office always. */
  editable: z.boolean(),
  /** Whether the caller's save counts as an office correction. */
  correcting: z.boolean(),
  /** The last day a teacher may change this sheet. */
  editableUntil: calendarDateSchema,
  rows: z.array(sheetRowSchema),
  totals: z.record(attendanceStatusSchema, z.number().int()),
});
export type AttendanceSheet = z.infer<typeof attendanceSheetSchema>;
export const sheetResponseSchema = z.object({ sheet: attendanceSheetSchema });

export const saveSheetResponseSchema = z.object({
  sheet: attendanceSheetSchema,
  /** Marks the office had corrected after this save was made on the device: theirs were kept. */
  keptCorrections: z.number().int(),
  /** Whether this save had already reached the server (a retry): nothing changed. */
  duplicate: z.boolean(),
  message: z.string(),
});
export type SaveSheetResponse = z.infer<typeof saveSheetResponseSchema>;

/** A mark someone else changed since the sender saw it: what it holds now. */
export const attendanceConflictSchema = z.object({
  studentId: z.uuid(),
  status: attendanceStatusSchema,
  minutesLate: z.number().int().nullable(),
  note: z.string(),
});
export type AttendanceConflict = z.infer<typeof attendanceConflictSchema>;

/**
 * The `details` of a refused save (409 ATTENDANCE_CONFLICT): the marks someone else changed, and
 * the sheet as it is now. The error's `fieldErrors` also name each such mark (`marks.<index>`).
 */
export const attendanceConflictDetailsSchema = z.object({
  conflicts: z.array(attendanceConflictSchema),
  sheet: attendanceSheetSchema,
});
export type AttendanceConflictDetails = z.infer<typeof attendanceConflictDetailsSchema>;

/** The classes and shifts the caller may take attendance for (the page's pickers). */
export const attendanceClassesResponseSchema = z.object({
  items: z.array(
    named.extend({
      session: sessionOfDaySchema,
      studentCount: z.number().int(),
      homeroom: z.boolean(),
    }),
  ),
  sessions: z.array(sessionOfDaySchema),
  periods: z.array(
    z.object({
      id: z.uuid(),
      session: sessionOfDaySchema,
      number: z.number().int(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
  today: calendarDateSchema,
  /**
   * The sheet the page opens on (the first class, today, its shift: `openingSheetKey`), sent
   * with the pickers so the teacher's morning screen needs one request, not two in a row. Null
   * when there is no class, or when that sheet cannot be read (the page then asks for it and
   * says why).
   */
  opening: attendanceSheetSchema.nullable(),
});
export type AttendanceClassesResponse = z.infer<typeof attendanceClassesResponseSchema>;

export const statusTotalsSchema = z.object({
  present: z.number().int(),
  absent: z.number().int(),
  permission: z.number().int(),
  late: z.number().int(),
});
export type StatusTotals = z.infer<typeof statusTotalsSchema>;

export const monthQuerySchema = z.object({ classId: z.uuid(), month: isoMonthSchema });
export type MonthQuery = z.infer<typeof monthQuerySchema>;

/**
 * The paper register of a class for a month: a row per student who belonged to the class in the
 * month, a column per day; `marks[day - 1]` holds each session's status code on that day.
 */
export const monthRegisterSchema = z.object({
  schoolClass: named,
  month: calendarMonthSchema,
  days: z.number().int(),
  sessions: z.array(sessionOfDaySchema),
  students: z.array(
    z.object({
      student: person,
      /** The days of the month the student was in the class (a transfer ends or starts it). */
      from: calendarDateSchema,
      to: calendarDateSchema,
      marks: z.array(z.array(attendanceStatusSchema.nullable())),
      totals: statusTotalsSchema,
    }),
  ),
  /** Per day: the totals of its sheets. */
  dayTotals: z.array(statusTotalsSchema),
  totals: statusTotalsSchema,
  /** Present (+ late, a school setting) ÷ every mark; null with no mark. */
  rate: z.number().nullable(),
});
export type MonthRegister = z.infer<typeof monthRegisterSchema>;
export const monthExportQuerySchema = monthQuerySchema.extend({
  language: z.enum(['en', 'km']).default('en'),
});

export const studentAttendanceQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export const studentAttendanceResponseSchema = z.object({
  items: z.array(
    z.object({
      date: calendarDateSchema,
      session: sessionOfDaySchema,
      period: z.number().int().nullable(),
      schoolClass: named,
      status: attendanceStatusSchema,
      minutesLate: z.number().int().nullable(),
      note: z.string(),
    }),
  ),
  totals: statusTotalsSchema,
  rate: z.number().nullable(),
});
export type StudentAttendanceResponse = z.infer<typeof studentAttendanceResponseSchema>;

export const notTakenQuerySchema = z.object({ date: isoDateSchema.optional() });
/** The classes with no sheet yet for a day's shifts (the office's morning list). */
export const notTakenResponseSchema = z.object({
  date: calendarDateSchema,
  items: z.array(
    z.object({
      schoolClass: named,
      session: sessionOfDaySchema,
      homeroomTeacher: named.nullable(),
    }),
  ),
  /** Sheets expected and taken that day. */
  expected: z.number().int(),
  taken: z.number().int(),
});
export type NotTakenResponse = z.infer<typeof notTakenResponseSchema>;

export const dailyRateQuerySchema = z.object({ date: isoDateSchema.optional() });
export const dailyRateResponseSchema = z.object({
  date: calendarDateSchema,
  totals: statusTotalsSchema,
  rate: z.number().nullable(),
  sheets: z.number().int(),
});
export type DailyRateResponse = z.infer<typeof dailyRateResponseSchema>;

/** A leave (permission) recorded ahead: the student is marked Permission on those days. */
export const leaveRequestSchema = z.object({
  id: z.uuid(),
  student: person,
  schoolClass: named.nullable(),
  fromDate: calendarDateSchema,
  toDate: calendarDateSchema,
  /** One shift only, or every shift of the days. */
  session: sessionOfDaySchema.nullable(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;
export const createLeaveRequestSchema = z
  .object({
    studentId: z.uuid(),
    fromDate: isoDateSchema,
    toDate: isoDateSchema,
    session: sessionOfDaySchema.nullable().default(null),
    reason: plainTextSchema(300).min(1),
  })
  .strict()
  .refine((value) => value.toDate >= value.fromDate, {
    message: 'INVALID_DATE_RANGE',
    path: ['toDate'],
  })
  .refine((value) => Date.parse(value.toDate) - Date.parse(value.fromDate) <= 366 * 86_400_000, {
    message: messageKey('LEAVE_TOO_LONG', { max: 367 }),
    path: ['toDate'],
  });
export type CreateLeaveRequest = z.input<typeof createLeaveRequestSchema>;
export const leaveListQuerySchema = pageQuerySchema.extend({
  classId: z.uuid().optional(),
  studentId: z.uuid().optional(),
  /** Leaves covering this day or later (default: today). */
  from: isoDateSchema.optional(),
});
export type LeaveListQuery = z.infer<typeof leaveListQuerySchema>;
export const leaveListResponseSchema = pagedSchema(leaveRequestSchema);
export type LeaveListResponse = z.infer<typeof leaveListResponseSchema>;
export const leaveResponseSchema = z.object({ leave: leaveRequestSchema });
