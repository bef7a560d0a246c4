// Plain values without zod: the app's frame and home page read them without loading the schemas.

/** Present, Absent (without permission), Permission (excused, ច្បាប់), Late. */
export const attendanceStatuses = ['present', 'absent', 'permission', 'late'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** The short code of each status on registers and exports (P, A, E, L). */
export const attendanceStatusCodes: Record<AttendanceStatus, { en: string; km: string }> = {
  present: { en: 'P', km: 'ម' },
  absent: { en: 'A', km: 'អ' },
  permission: { en: 'E', km: 'ច' },
  late: { en: 'L', km: 'យ' },
};
