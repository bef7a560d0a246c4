import type {
  SaveScoresRequest,
  SaveScoresResponse,
  ScoreCell,
  ScoreClassesResponse,
  ScoreColumn,
  ScoreImportPreview,
  ScorePublishPreview,
  ScoreSheetResponse,
  ScoreStatus,
  ScoreStatusRequest,
  ScoreStatusResponse,
  SessionUser,
} from '@sala/contract';
import { delay, HttpResponse } from 'msw';
import { storyUser, serverError, failure } from './fixtures.js';
import { answer } from './answer.js';

/** The gradebook's API answered in the stories: a homeroom teacher's Grade 7A, November. */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const homeroomTeacher: SessionUser = {
  ...storyUser,
  username: 'teacher',
  nameKm: 'សុខ ដារ៉ា',
  nameEn: 'Sok Dara',
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: ['scores.read:own', 'scores.enter:own'],
};

export const office: SessionUser = {
  ...storyUser,
  roles: ['office'],
  roleTags: [],
  permissions: [
    'scores.read:school',
    'scores.enter:school',
    'scores.publish:school',
    'scores.unlock:school',
  ],
};

const yearId = uuid(90);
export const sevenA = { id: uuid(701), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const eightB = { id: uuid(802), nameKm: 'ថ្នាក់ទី៨B', nameEn: 'Grade 8B' };
export const termOne = {
  id: uuid(11),
  number: 1,
  nameKm: 'ឆមាសទី១',
  nameEn: 'Term 1',
  months: [11, 12, 1, 2],
  examMonth: 3,
};
const termTwo = {
  id: uuid(12),
  number: 2,
  nameKm: 'ឆមាសទី២',
  nameEn: 'Term 2',
  months: [4, 5, 6, 7],
  examMonth: 8,
};

const subjectRows = [
  ['KHM', 'ភាសាខ្មែរ', 'Khmer', true],
  ['MAT', 'គណិតវិទ្យា', 'Mathematics', true],
  ['PHY', 'រូបវិទ្យា', 'Physics', false],
  ['CHE', 'គីមីវិទ្យា', 'Chemistry', false],
  ['BIO', 'ជីវវិទ្យា', 'Biology', false],
  ['HIS', 'ប្រវត្តិវិទ្យា', 'History', false],
  ['ENG', 'ភាសាអង់គ្លេស', 'English', false],
] as const;
export const subjects = subjectRows.map(([code, nameKm, nameEn, canEnter], index) => ({
  id: uuid(300 + index),
  code,
  nameKm,
  nameEn,
  type: 'learning_exam' as const,
  maxScore: 50,
  coefficient: 1,
  canEnter,
}));
export const khmer = subjects[0]!;
export const maths = subjects[1]!;

export const classesBody: ScoreClassesResponse = {
  classes: [
    {
      ...sevenA,
      yearId,
      gradeLevel: { number: 7, maxScore: 50, divisor: null },
      allSubjects: true,
      subjects,
    },
    {
      ...eightB,
      yearId,
      gradeLevel: { number: 8, maxScore: 50, divisor: null },
      allSubjects: false,
      subjects: [{ ...subjects[1]!, canEnter: true }],
    },
  ],
  terms: [
    { ...termOne, yearId },
    { ...termTwo, yearId },
  ],
};

const family = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['លី', 'Ly'],
  ['ហេង', 'Heng'],
  ['គឹម', 'Kim'],
] as const;
const given = [
  ['ស្រីនាង', 'Sreyneang'],
  ['វិចិត្រ', 'Vichet'],
  ['បុប្ផា', 'Bopha'],
  ['រតនា', 'Rathana'],
] as const;
export const students = Array.from({ length: 18 }, (_, index) => {
  const [familyKm, familyEn] = family[index % family.length]!;
  const [givenKm, givenEn] = given[Math.floor(index / family.length) % given.length]!;
  return {
    id: uuid(2000 + index),
    code: `S${String(index + 1).padStart(4, '0')}`,
    nameKm: `${familyKm} ${givenKm}`,
    nameEn: `${familyEn} ${givenEn}`,
    gender: index % 2 ? ('male' as const) : ('female' as const),
    from: '2026-10-01',
    // The sixth student moved to another school on 12 November.
    to: index === 5 ? '2026-11-12' : null,
    active: index !== 5,
  };
});

/** November's scores so far: Khmer for most students, a few in Mathematics and History. */
export function novemberCells(): ScoreCell[] {
  const cells: ScoreCell[] = [];
  students.forEach((student, index) => {
    if (index < 14)
      cells.push({
        studentId: student.id,
        subjectId: khmer.id,
        score: 20 + ((index * 7) % 30) + (index % 3 === 0 ? 0.5 : 0),
        absent: false,
        note: '',
      });
    if (index < 6)
      cells.push({
        studentId: student.id,
        subjectId: maths.id,
        score: index === 2 ? null : 30 + index * 3,
        absent: index === 2,
        note: index === 2 ? 'Sick on the day' : '',
      });
    if (index < 10)
      cells.push({
        studentId: student.id,
        subjectId: subjects[5]!.id,
        score: 25 + index,
        absent: false,
        note: '',
      });
  });
  return cells;
}

export interface SheetOptions {
  status?: ScoreStatus;
  rights?: Partial<ScoreSheetResponse['rights']>;
  /** Every subject enterable (the office). */
  enterAll?: boolean;
  cells?: ScoreCell[];
}

/** The gradebook of Grade 7A for November, all subjects or one. */
export function sheetBody(
  subjectId: string | null,
  options: SheetOptions = {},
): ScoreSheetResponse {
  const columns: ScoreColumn[] = subjects
    .filter((s) => !subjectId || s.id === subjectId)
    .map(({ canEnter, ...subject }) => ({
      ...subject,
      status: options.status ?? (subject.id === khmer.id ? 'submitted' : 'draft'),
      version: 3,
      canEnter: options.enterAll ? true : canEnter,
      submittedAt: null,
      publishedAt: options.status === 'published' ? '2026-11-20T03:00:00.000Z' : null,
    }));
  const ids = new Set(columns.map((c) => c.id));
  return {
    class: { ...sevenA, gradeLevel: { number: 7, maxScore: 50, divisor: null } },
    term: termOne,
    kind: 'month',
    month: 11,
    columns,
    students,
    cells: (options.cells ?? novemberCells()).filter((c) => ids.has(c.subjectId)),
    rights: { canSubmit: true, canPublish: false, canUnlock: false, ...options.rights },
  };
}

/** The page's address for a subject (or all) of Grade 7A's November test. */
export const pathFor = (subject: string = 'all', test = '11') =>
  `/studentScoringEntry?class=${sevenA.id}&term=${termOne.id}&test=${test}&subject=${subject}`;

export const as = (user: SessionUser) => answer('postProfile', () => ({ user }));
export const classList = answer('getScoreClasses', () => classesBody);
export const sheetAnswer = (options: SheetOptions = {}) =>
  answer('getScoreSheet', ({ query }) => sheetBody(query.get('subjectId'), options));

/** The saves a story's server received, newest last. */
export const savedBatches: SaveScoresRequest[] = [];

export const batchAnswer = (wait = 0) =>
  answer('postScoreBatch', async ({ body }) => {
    savedBatches.push(body);
    if (wait) await delay(wait);
    const response: SaveScoresResponse = {
      changed: body.cells.length,
      at: '2026-11-21T02:00:00.000Z',
      columns: [...new Set(body.cells.map((c) => c.subjectId))].map((subjectId) => ({
        subjectId,
        status: subjectId === khmer.id ? 'submitted' : 'draft',
        version: 4,
      })),
    };
    return response;
  });

export const batchFails = answer('postScoreBatch', serverError);
export const batchOffline = answer('postScoreBatch', () => HttpResponse.error());

/**
 * What publishing Grade 7A's November would publish, counted from a set of cells as the server
 * does: the students still in the class, those with a score or absent, and who has neither.
 */
export function publishPreviewBody(cells: ScoreCell[] = novemberCells()): ScorePublishPreview {
  const expected = students.filter((student) => student.active);
  return {
    expected: expected.length,
    subjects: subjects.map((subject) => {
      const marked = (studentId: string) =>
        cells.find(
          (c) =>
            c.subjectId === subject.id &&
            c.studentId === studentId &&
            (c.score !== null || c.absent),
        );
      const missing = expected.filter((student) => !marked(student.id));
      return {
        subjectId: subject.id,
        code: subject.code,
        nameKm: subject.nameKm,
        nameEn: subject.nameEn,
        status: 'draft',
        expected: expected.length,
        entered: expected.length - missing.length,
        absent: expected.filter((student) => marked(student.id)?.absent).length,
        missing: missing.map(({ id, code, nameKm, nameEn }) => ({ id, code, nameKm, nameEn })),
      };
    }),
  };
}

/** November with Physics complete: one subject publishes at once, the others need a choice. */
export function cellsWithPhysics(): ScoreCell[] {
  return [
    ...novemberCells(),
    ...students.map((student, index) => ({
      studentId: student.id,
      subjectId: subjects[2]!.id,
      score: 20 + index,
      absent: false,
      note: '',
    })),
  ];
}

/** The publications a story's server received, newest last. */
export const publishRequests: ScoreStatusRequest[] = [];

export const publishPreviewAnswer = (cells?: ScoreCell[], wait = 0) =>
  answer('getScorePublishPreview', async () => {
    if (wait) await delay(wait);
    return publishPreviewBody(cells);
  });

export const publishPreviewFails = answer('getScorePublishPreview', serverError);

/** Moves sheets; a publication is answered by the server's rules over these cells. */
export const statusAnswerFor = (cells?: ScoreCell[]) =>
  answer('postScoreStatus', ({ body }) => {
    if (body.action === 'publish') return publishAnswerOf(body, cells);
    const next: Record<ScoreStatusRequest['action'], ScoreStatus> = {
      submit: 'submitted',
      reopen: 'draft',
      publish: 'published',
      unlock: 'submitted',
    };
    const response: ScoreStatusResponse = {
      columns: (body.subjectIds ?? []).map((subjectId) => ({
        subjectId,
        status: next[body.action],
        version: 5,
      })),
      outcomes: [],
    };
    return response;
  });
export const statusAnswer = statusAnswerFor();

/** A filled template: most rows match, one code is unknown, two values cannot be taken. */
export const importPreview: ScoreImportPreview = {
  subjects: [
    { subjectId: khmer.id, header: 'KHM' },
    { subjectId: maths.id, header: 'Mathematics' },
  ],
  unknownHeaders: ['Sport'],
  rows: [
    ...students.slice(0, 16).map((student, index) => ({
      row: index + 2,
      code: student.code,
      studentId: student.id,
      name: student.nameEn,
      cells: [
        {
          subjectId: khmer.id,
          text: index === 4 ? '65' : String(30 + index),
          score: index === 4 ? null : 30 + index,
          absent: false,
          problem: index === 4 ? 'SCORE_ABOVE_MAX' : null,
        },
        {
          subjectId: maths.id,
          text: index === 7 ? 'A' : index === 9 ? 'twelve' : String(20 + index),
          score: index === 7 || index === 9 ? null : 20 + index,
          absent: index === 7,
          problem: index === 9 ? 'INVALID_VALUE' : null,
        },
      ],
    })),
    {
      row: 18,
      code: 'S0099',
      studentId: null,
      name: 'Pen Sovann',
      cells: [{ subjectId: khmer.id, text: '40', score: 40, absent: false, problem: null }],
    },
  ],
  missing: students.slice(16).map((s) => ({ studentId: s.id, code: s.code })),
};
export const importAnswer = answer('postScoreImportPreview', () => importPreview);

/**
 * Someone else saves a Khmer score of the 15th student while the story types: the first save is
 * refused as a conflict, and the sheet read again holds their score.
 */
export const conflictHandlers = [
  answer('getScoreSheet', ({ query }) => {
    const subjectId = query.get('subjectId');
    const theirs: ScoreCell = {
      studentId: students[14]!.id,
      subjectId: khmer.id,
      score: 12,
      absent: false,
      note: '',
    };
    const body = sheetBody(subjectId);
    return savedBatches.length > 0 ? { ...body, cells: [...body.cells, theirs] } : body;
  }),
  answer('postScoreBatch', ({ body }) => {
    savedBatches.push(body);
    if (savedBatches.length === 1)
      return failure(409, 'SCORE_CONFLICT', 'Someone else changed some of these scores', {
        'cells.0': ['SCORE_CONFLICT'],
      });
    const response: SaveScoresResponse = {
      changed: body.cells.length,
      at: '2026-11-21T02:00:00.000Z',
      columns: [{ subjectId: khmer.id, status: 'submitted', version: 5 }],
    };
    return response;
  }),
];

/** The server's answer to a publication, by its rules, over the cells the story shows. */
export function publishAnswerOf(
  body: ScoreStatusRequest,
  cells: ScoreCell[] = novemberCells(),
): ScoreStatusResponse {
  publishRequests.push(body);
  const preview = publishPreviewBody(cells);
  const chosen = new Set(body.incompleteSubjectIds ?? []);
  const outcomes = preview.subjects
    .filter((row) => !body.subjectIds || body.subjectIds.includes(row.subjectId))
    .map((row) => {
      const reason =
        row.entered === 0
          ? ('NO_SCORES_ENTERED' as const)
          : row.entered < row.expected && !chosen.has(row.subjectId)
            ? ('SCORES_INCOMPLETE' as const)
            : null;
      return {
        subjectId: row.subjectId,
        published: reason === null,
        reason,
        expected: row.expected,
        entered: row.entered,
      };
    });
  return {
    columns: outcomes
      .filter((outcome) => outcome.published)
      .map((outcome) => ({ subjectId: outcome.subjectId, status: 'published', version: 4 })),
    outcomes,
  };
}
