import { z } from 'zod';
import { calendarDateSchema, genderSchema, plainTextSchema } from './common.js';
import { subjectTypeSchema } from './subjects.js';

const named = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/** A monthly test or a term's (semester's) exam. */
export const scoreTestKinds = ['month', 'exam'] as const;
export type ScoreTestKind = (typeof scoreTestKinds)[number];

/** Draft (being entered) → submitted (handed in) → published (locked, shown on reports). */
export const scoreStatuses = ['draft', 'submitted', 'published'] as const;
export type ScoreStatus = (typeof scoreStatuses)[number];
export const scoreStatusSchema = z.enum(scoreStatuses);

/** Which test: a month of a term (`kind: 'month'`, `month` 1–12) or the term's exam. */
export const scoreTestSchema = z
  .object({
    termId: z.uuid(),
    kind: z.enum(scoreTestKinds),
    /** Query strings carry it as text. */
    month: z.coerce.number().int().min(1).max(12).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.kind === 'exam' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
  });
export type ScoreTest = z.infer<typeof scoreTestSchema>;

/** A subject as the gradebook shows it for a class. */
export const scoreSubjectSchema = named.extend({
  code: z.string(),
  type: subjectTypeSchema,
  maxScore: z.number(),
  coefficient: z.number(),
});
export type ScoreSubject = z.infer<typeof scoreSubjectSchema>;

/** A term of the class's year, with its months in teaching order and the month of its exam. */
export const scoreTermSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  nameKm: z.string(),
  nameEn: z.string(),
  months: z.array(z.number().int().min(1).max(12)),
  examMonth: z.number().int().min(1).max(12),
});
export type ScoreTerm = z.infer<typeof scoreTermSchema>;

/** A class one may enter or see scores for, with the subjects one may enter in it. */
export const scoreClassSchema = named.extend({
  yearId: z.uuid(),
  gradeLevel: z.object({
    number: z.number().int(),
    maxScore: z.number(),
    /** Null: the number of subjects (their coefficients' sum). */
    divisor: z.number().nullable(),
  }),
  /** The caller is its homeroom teacher (or may see every subject): the students × subjects view. */
  allSubjects: z.boolean(),
  subjects: z.array(scoreSubjectSchema.extend({ canEnter: z.boolean() })),
});
export type ScoreClass = z.infer<typeof scoreClassSchema>;

export const scoreClassesResponseSchema = z.object({
  classes: z.array(scoreClassSchema),
  /** The terms of every year those classes belong to. */
  terms: z.array(scoreTermSchema.extend({ yearId: z.uuid() })),
});
export type ScoreClassesResponse = z.infer<typeof scoreClassesResponseSchema>;

/** One class's gradebook for one test: all its subjects, or one. */
export const scoreSheetQuerySchema = z
  .object({
    classId: z.uuid(),
    termId: z.uuid(),
    kind: z.enum(scoreTestKinds),
    month: z.coerce.number().int().min(1).max(12).optional(),
    subjectId: z.uuid().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.kind === 'exam' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
  });
export type ScoreSheetQuery = z.infer<typeof scoreSheetQuerySchema>;

/** A subject column of the gradebook: its sheet's status and what the caller may do with it. */
export const scoreColumnSchema = scoreSubjectSchema.extend({
  status: scoreStatusSchema,
  /** The sheet's version (0 before anything was saved). */
  version: z.number().int(),
  canEnter: z.boolean(),
  submittedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type ScoreColumn = z.infer<typeof scoreColumnSchema>;

/** A student of the class during the test, with the dates of their place in it. */
export const scoreStudentSchema = named.extend({
  code: z.string(),
  gender: genderSchema.nullable(),
  from: calendarDateSchema,
  to: calendarDateSchema.nullable(),
  /** False when they left the class (a transfer) before the test's month ended. */
  active: z.boolean(),
});
export type ScoreStudent = z.infer<typeof scoreStudentSchema>;

/** A saved cell: a score, or absent; a note either way. */
export const scoreCellSchema = z.object({
  studentId: z.uuid(),
  subjectId: z.uuid(),
  score: z.number().nullable(),
  absent: z.boolean(),
  note: z.string(),
});
export type ScoreCell = z.infer<typeof scoreCellSchema>;

export const scoreSheetResponseSchema = z.object({
  class: named.extend({ gradeLevel: scoreClassSchema.shape.gradeLevel }),
  term: scoreTermSchema,
  kind: z.enum(scoreTestKinds),
  month: z.number().int().nullable(),
  columns: z.array(scoreColumnSchema),
  students: z.array(scoreStudentSchema),
  cells: z.array(scoreCellSchema),
  rights: z.object({
    /** May hand in (submit) or reopen the sheets they enter. */
    canSubmit: z.boolean(),
    canPublish: z.boolean(),
    canUnlock: z.boolean(),
  }),
});
export type ScoreSheetResponse = z.infer<typeof scoreSheetResponseSchema>;

/** The largest batch one save may carry (a 45-student class × 20 subjects fits). */
export const SCORE_BATCH_MAX = 2000;

/**
 * One cell to save. `score` null and `absent` false empties it. `was` is what the sender last saw
 * there: when someone else has changed the cell since, the whole batch is refused and the sender
 * told (no lost update).
 */
export const scoreCellInputSchema = z
  .object({
    studentId: z.uuid(),
    subjectId: z.uuid(),
    score: z.number().min(0).max(1000).multipleOf(0.01).nullable(),
    absent: z.boolean().default(false),
    note: plainTextSchema(200).default(''),
    was: z.object({ score: z.number().nullable(), absent: z.boolean() }).strict().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.absent && value.score !== null) {
      ctx.addIssue({ code: 'custom', message: 'SCORE_ABSENT_WITH_SCORE', path: ['score'] });
    }
  });
export type ScoreCellInput = z.input<typeof scoreCellInputSchema>;

/** Saves a batch of cells of one class and test: all of it, or nothing. */
export const saveScoresRequestSchema = z
  .object({
    classId: z.uuid(),
    termId: z.uuid(),
    kind: z.enum(scoreTestKinds),
    month: z.number().int().min(1).max(12).optional(),
    cells: z.array(scoreCellInputSchema).min(1).max(SCORE_BATCH_MAX),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.kind === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.kind === 'exam' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
    const seen = new Set<string>();
    value.cells.forEach((cell, index) => {
      const key = `${cell.studentId}:${cell.subjectId}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: 'DUPLICATE_STUDENT', path: ['cells', index] });
      }
      seen.add(key);
    });
  });
export type SaveScoresRequest = z.input<typeof saveScoresRequestSchema>;

/** A cell someone else changed since the sender read it: what it holds now. */
export const scoreConflictSchema = scoreCellSchema.extend({
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type ScoreConflict = z.infer<typeof scoreConflictSchema>;

/**
 * The `details` of a refused save (409 SCORE_CONFLICT): the cells someone else changed, as they
 * are now. The error's `fieldErrors` also name each such cell (`cells.<index>`).
 */
export const scoreConflictDetailsSchema = z.object({ conflicts: z.array(scoreConflictSchema) });
export type ScoreConflictDetails = z.infer<typeof scoreConflictDetailsSchema>;

export const saveScoresResponseSchema = z.object({
  /** Cells whose value changed (a repeated save changes none). */
  changed: z.number().int(),
  at: z.string(),
  columns: z.array(
    z.object({
      subjectId: z.uuid(),
      status: scoreStatusSchema,
      version: z.number().int(),
    }),
  ),
});
export type SaveScoresResponse = z.infer<typeof saveScoresResponseSchema>;

/**
 * Moves sheets of one class and test along: `submit` (draft → submitted), `reopen` (submitted →
 * draft), `publish` (→ published, locked) and `unlock` (published → submitted, audited).
 * Without `subjectIds`, every subject of the class the caller may act on.
 */
export const scoreStatusRequestSchema = z
  .object({
    classId: z.uuid(),
    termId: z.uuid(),
    kind: z.enum(scoreTestKinds),
    month: z.number().int().min(1).max(12).optional(),
    subjectIds: z.array(z.uuid()).min(1).max(50).optional(),
    action: z.enum(['submit', 'reopen', 'publish', 'unlock']),
    /** Why published scores are unlocked (kept in the audit log). */
    reason: plainTextSchema(500).optional(),
    /**
     * Publishing: the subjects the caller chose, one by one, to publish although some students
     * have no score. Any other incomplete subject is not published (`SCORES_INCOMPLETE`).
     */
    incompleteSubjectIds: z.array(z.uuid()).max(50).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.kind === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.kind === 'exam' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
    if (value.incompleteSubjectIds && value.action !== 'publish') {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['incompleteSubjectIds'] });
    }
  });
export type ScoreStatusRequest = z.input<typeof scoreStatusRequestSchema>;

/** Why a subject asked to be published was not. */
export const publishSkipReasons = [
  'SCORES_INCOMPLETE',
  'NO_SCORES_ENTERED',
  'ALREADY_PUBLISHED',
] as const;
export type PublishSkipReason = (typeof publishSkipReasons)[number];

/** A subject asked to be published: published or not, why not, and how full it was. */
export const publishOutcomeSchema = z.object({
  subjectId: z.uuid(),
  published: z.boolean(),
  reason: z.enum(publishSkipReasons).nullable(),
  /** Students expected to have a mark, and those who have one (a score, or absent). */
  expected: z.number().int(),
  entered: z.number().int(),
});
export type PublishOutcome = z.infer<typeof publishOutcomeSchema>;

export const scoreStatusResponseSchema = z.object({
  columns: z.array(
    z.object({
      subjectId: z.uuid(),
      status: scoreStatusSchema,
      version: z.number().int(),
    }),
  ),
  /** Publishing: every subject asked for, in the class's subject order; empty otherwise. */
  outcomes: z.array(publishOutcomeSchema),
});
export type ScoreStatusResponse = z.infer<typeof scoreStatusResponseSchema>;

/** An XLSX of scores matched by student code, read but not saved: what the grid would take. */
export const scoreImportPreviewSchema = z.object({
  /** The subject columns found in the file's header (by code or name). */
  subjects: z.array(z.object({ subjectId: z.uuid(), header: z.string() })),
  /** Headers that name no subject of the class. */
  unknownHeaders: z.array(z.string()),
  rows: z.array(
    z.object({
      /** The row number in the sheet (1-based, as a spreadsheet shows it). */
      row: z.number().int(),
      code: z.string(),
      studentId: z.uuid().nullable(),
      name: z.string(),
      cells: z.array(
        z.object({
          subjectId: z.uuid(),
          /** The text as typed in the file. */
          text: z.string(),
          score: z.number().nullable(),
          absent: z.boolean(),
          /** An error code when the value cannot be taken (out of range, not a number). */
          problem: z.string().nullable(),
        }),
      ),
    }),
  ),
  /** Students of the class the file does not list. */
  missing: z.array(z.object({ studentId: z.uuid(), code: z.string() })),
});
export type ScoreImportPreview = z.infer<typeof scoreImportPreviewSchema>;

/** A student with no mark in a subject's test: no score and not marked absent. */
export const missingStudentSchema = named.extend({ code: z.string() });
export type MissingStudent = z.infer<typeof missingStudentSchema>;

/**
 * What publishing a test would publish, subject by subject: how many of the students expected
 * have a mark (a score, or absent) and who has none. Expected: the students enrolled in the
 * class until the test's month ends (one who left the class earlier is not).
 */
export const scorePublishPreviewSchema = z.object({
  expected: z.number().int(),
  subjects: z.array(
    z.object({
      subjectId: z.uuid(),
      code: z.string(),
      nameKm: z.string(),
      nameEn: z.string(),
      status: scoreStatusSchema,
      expected: z.number().int(),
      /** Students with a mark: a score or absent. */
      entered: z.number().int(),
      /** Of them, marked absent (they count 0). */
      absent: z.number().int(),
      /** The students with no mark, sorted by name. */
      missing: z.array(missingStudentSchema),
    }),
  ),
});
export type ScorePublishPreview = z.infer<typeof scorePublishPreviewSchema>;
