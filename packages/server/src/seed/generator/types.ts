import type { SessionOfDay } from '@sala/contract';

/**
 * A generated school year for benchmarks and tests: schools full of staff, students, classes,
 * a timetable, a year of attendance and two terms of scores, written with set-based SQL. Every
 * value comes from a hash of the seed and of the row's numbers (never from the uuids or from
 * the order rows happen to be read in), so the same seed and options give the same data.
 */
export interface GenerateOptions {
  /** Students per school, e.g. 3000. */
  students: number;
  /** Schools; the first is the one the database was bootstrapped with. Default 1. */
  schools?: number;
  /** Same seed and options give identical data (only the ids differ). Default 1. */
  seed?: number;
  /** The password of every generated account (hashed once). */
  password: string;
  /**
   * ISO date: the year runs from 1 November before it to 31 August, attendance is taken up to
   * the day before, and the month tests and exams that have begun are written. Default
   * 2026-09-01: the whole year 2025–2026.
   */
  today?: string;
  /** A year of attendance sheets and marks, and a few leave requests. Default true. */
  attendance?: boolean;
  /** Monthly tests and exams of both terms. Default true. */
  scores?: boolean;
  /** Students in every class (the last may have fewer); default ~52, classes of even size. */
  classSize?: number;
  /** Grade levels, spread over the classes in order. Default 7–12. */
  grades?: number[];
  /** The shift of every class; default `split`: grades up to 9 morning, the rest afternoon. */
  classSession?: SessionOfDay | 'split';
  /** ISO weekdays with lessons (1 Monday … 7 Sunday). Default Monday–Saturday. */
  schoolDays?: number[];
  /** Days off as MM-DD. Default: the public holidays between November and August. */
  holidays?: string[];
  /** The year's first day (ISO) instead of 1 November. */
  yearStart?: string;
  /** The year's last day (ISO) instead of 31 August. */
  yearEnd?: string;
  /** Students per teacher: one teacher account per this many students (at least one per class). */
  studentsPerTeacher?: number;
  /** Told each step's name and the seconds it took, as it ends. */
  progress?: (step: string, seconds: number) => void;
}

export interface GeneratedClass {
  id: string;
  nameEn: string;
  grade: number;
  section: string;
  session: SessionOfDay;
  size: number;
  homeroomEmployeeId: string;
  homeroomUsername: string;
}

export interface GeneratedSchool {
  id: string;
  code: string;
  adminUsername: string;
  /** The office clerk's account (the office role). */
  officeUsername: string;
  /** Every teacher's username, in staff order; each department's first also heads it. */
  teacherUsernames: string[];
  /** In class order: grade, then section. */
  classIds: string[];
  classes: GeneratedClass[];
  yearId: string;
  /** Term 1, term 2. */
  termIds: string[];
  /** In the subject plan's order (Khmer, Mathematics, …). */
  subjectIds: string[];
  yearStart: string;
  yearEnd: string;
  /** The last day with attendance (the day before `today`, or the year's end). */
  attendanceUntil: string | null;
  studentCount: number;
}

export interface GeneratedData {
  schools: GeneratedSchool[];
  counts: Record<string, number>;
}

/** One school to generate: the options, its number and seed, and the one hash of the password. */
export interface SchoolJob extends GenerateOptions {
  number: number;
  seed: number;
  passwordHash: string;
  /** The bootstrapped school, generated into instead of a new one. */
  existing: { id: string; code: string } | undefined;
}
