import { z } from 'zod';
import { calendarDateSchema } from './common.js';

const named = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/** A lesson of the signed-in teacher's day. */
export const dashboardLessonSchema = z.object({
  periodNumber: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  schoolClass: named,
  subject: named,
  room: z.string(),
});
export type DashboardLesson = z.infer<typeof dashboardLessonSchema>;

/**
 * The home page's figures, as far as the caller may see: a teacher's own day and classes, and
 * the school's totals for those who read the whole school.
 */
export const dashboardResponseSchema = z.object({
  today: calendarDateSchema,
  /** 1 Monday … 7 Sunday */
  dayOfWeek: z.number().int().min(1).max(7),
  year: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Present when the caller is a member of staff. */
  teacher: z
    .object({
      lessonsToday: z.array(dashboardLessonSchema),
      classes: z.array(
        named.extend({
          studentCount: z.number().int(),
          homeroom: z.boolean(),
          subjects: z.array(named),
        }),
      ),
      hoursThisWeek: z.number(),
    })
    .nullable(),
  /** Present when the caller reads the whole school's students. */
  school: z
    .object({
      students: z.object({
        total: z.number().int(),
        female: z.number().int(),
        male: z.number().int(),
      }),
      classes: z.number().int(),
      staff: z.object({
        total: z.number().int(),
        female: z.number().int(),
        teachers: z.number().int(),
      }),
      departments: z.number().int(),
      subjects: z.number().int(),
      studentsByGrade: z.array(
        z.object({ grade: z.number().int(), female: z.number().int(), male: z.number().int() }),
      ),
    })
    .nullable(),
  /**
   * What waits for the office, as far as the caller may act on it: score sheets submitted and
   * not yet published (present with `scores.publish`, at its scope), and working staff without a
   * sign-in account (present with `employees.read:school`).
   */
  office: z
    .object({
      scoresAwaitingPublication: z.number().int().nullable(),
      staffWithoutAccount: z.number().int().nullable(),
    })
    .nullable(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
