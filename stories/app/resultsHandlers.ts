import {
  schoolSettingsSchema,
  type GradeLetter,
  type ReportCardsResponse,
  type ReportJob,
  type ResultSheet,
  type ScoreClassesResponse,
  type StudentResult,
  type StudentTrend,
} from '@sala/contract';
import { delay, HttpResponse } from 'msw';
import { storyUser, serverError, appConfig } from './fixtures.js';
import { answer } from './answer.js';

/**
 * The results stories' school: Grade 7A of 2026–27 (averages out of 50; five subjects whose
 * coefficients sum to 7), its terms, six students' results for November and for the first term,
 * a student's year, report cards and PDF jobs. The handlers record what the stories sent.
 */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const homeroomUser = {
  ...storyUser,
  roles: ['teacher'],
  permissions: [
    'scores.read:own',
    'scores.enter:own',
    'reports.read:own',
    'reports.export:own',
    'school.read:school',
  ],
};

export const yearId = uuid(2026);
export const termOne = {
  id: uuid(3001),
  number: 1,
  nameKm: 'ឆមាសទី១',
  nameEn: 'Semester 1',
  months: [11, 12, 1, 2],
  examMonth: 3,
  yearId,
};
const termTwo = {
  id: uuid(3002),
  number: 2,
  nameKm: 'ឆមាសទី២',
  nameEn: 'Semester 2',
  months: [4, 5, 6, 7],
  examMonth: 8,
  yearId,
};

const subjects = [
  ['ភាសាខ្មែរ', 'Khmer', 'KH', 100, 2],
  ['គណិតវិទ្យា', 'Mathematics', 'MA', 100, 2],
  ['រូបវិទ្យា', 'Physics', 'PH', 50, 1],
  ['ប្រវត្តិវិទ្យា', 'History', 'HI', 50, 1],
  ['ភាសាអង់គ្លេស', 'English', 'EN', 50, 1],
] as const;
export const subjectList = subjects.map(([nameKm, nameEn, code, maxScore, coefficient], i) => ({
  id: uuid(400 + i),
  nameKm,
  nameEn,
  code,
  type: 'learning_exam' as const,
  maxScore,
  coefficient,
}));

export const sevenA = { id: uuid(701), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const gradeLevel = { number: 7, maxScore: 50, divisor: null };

export const classesBody: ScoreClassesResponse = {
  classes: [
    {
      ...sevenA,
      yearId,
      gradeLevel,
      allSubjects: true,
      subjects: subjectList.map((s) => ({ ...s, canEnter: true })),
    },
    {
      id: uuid(802),
      nameKm: 'ថ្នាក់ទី៨B',
      nameEn: 'Grade 8B',
      yearId,
      gradeLevel,
      allSubjects: false,
      subjects: subjectList.slice(0, 1).map((s) => ({ ...s, canEnter: true })),
    },
  ],
  terms: [termOne, termTwo],
};

const people = [
  ['ចាន់ សុភា', 'Chan Sophea', 'female', [88, 92, 45, 41, 47]],
  ['ហេង វិចិត្រ', 'Heng Vichet', 'male', [71, 80, 38, 35, 40]],
  ['គឹម ស្រីនាង', 'Kim Sreyneang', 'female', [75, 76, 40, 36, 42]],
  ['ពេជ្រ រតនា', 'Pich Rathana', 'female', [60, 42, 20, 30, 29]],
  ['សុខ ដារ៉ា', 'Sok Dara', 'male', [35, 28, 12, 20, 18]],
  ['លី បុប្ផា', 'Ly Bopha', 'female', [77, 80, 39, 36, 39]],
] as const;
export const studentIds = people.map((_, i) => uuid(100 + i));
/** Pich Rathana moved to another school in November: listed, not ranked. */
const leftIndex = 3;
/** Sok Dara was absent from the physics test. */
const absentFromPhysics = 4;

const maxScore = 50;
const divisor = 7;
const letter = (average: number): GradeLetter => {
  const f = average / maxScore;
  return f >= 0.9 ? 'A' : f >= 0.8 ? 'B' : f >= 0.7 ? 'C' : f >= 0.6 ? 'D' : f >= 0.5 ? 'E' : 'F';
};

/** Ranks by average, ties sharing a rank (1, 2, 2, 4); the students who left are not ranked. */
function ranked(lines: Omit<StudentResult, 'rank'>[]): StudentResult[] {
  return lines.map((line) => ({
    ...line,
    rank:
      line.active && line.average !== null
        ? 1 +
          lines.filter((o) => o.active && o.average !== null && o.average > line.average!).length
        : null,
  }));
}

function statsOf(lines: StudentResult[]): ResultSheet['stats'] {
  const figures = (group: StudentResult[]) => {
    const averages = group
      .map((l) => l.average)
      .filter((a): a is number => a !== null)
      .sort((a, b) => a - b);
    const passed = group.filter((l) => l.passed).length;
    const mid = Math.floor(averages.length / 2);
    return {
      count: group.length,
      withResult: averages.length,
      passed,
      passRate: averages.length ? passed / averages.length : null,
      mean: averages.length ? averages.reduce((s, a) => s + a, 0) / averages.length : null,
      median: !averages.length
        ? null
        : averages.length % 2
          ? averages[mid]!
          : (averages[mid - 1]! + averages[mid]!) / 2,
      highest: averages.length ? averages[averages.length - 1]! : null,
      lowest: averages.length ? averages[0]! : null,
    };
  };
  const active = lines.filter((l) => l.active);
  return {
    ...figures(active),
    byGender: (['female', 'male'] as const).map((gender) => ({
      gender,
      ...figures(active.filter((l) => l.student.gender === gender)),
    })),
    grades: (['A', 'B', 'C', 'D', 'E', 'F'] as const).map((grade) => ({
      grade,
      count: active.filter((l) => l.grade === grade).length,
    })),
  };
}

const student = (i: number) => ({
  id: studentIds[i]!,
  code: `S2026-00${10 + i}`,
  nameKm: people[i]![0],
  nameEn: people[i]![1],
  gender: people[i]![2],
});

/** November: each student's scores, the weighted total, the average (unrounded) and the rest. */
function monthSheet(): ResultSheet {
  const lines = people.map(([, , , scores], i) => {
    const subjectsOf = subjectList.map((s, k) => {
      const absent = i === absentFromPhysics && k === 2;
      const score = absent ? null : scores[k]!;
      return {
        subjectId: s.id,
        score,
        absent,
        grade: score === null ? null : letter((score / s.maxScore) * maxScore),
      };
    });
    const total = subjectsOf.reduce((sum, c) => sum + (c.score ?? 0), 0);
    const average = total / divisor;
    return {
      student: student(i),
      active: i !== leftIndex,
      subjects: subjectsOf,
      total,
      average,
      monthAverages: [],
      examAverage: null,
      termAverages: [],
      grade: letter(average),
      passed: average >= maxScore / 2,
      absences: { absent: i % 3, permission: (i + 1) % 2, late: i % 2 },
    };
  });
  const students = ranked(lines);
  return {
    class: {
      ...sevenA,
      gradeLevel,
      homeroom: { id: uuid(51), nameKm: 'លី ចន្ថា', nameEn: 'Ly Chantha' },
    },
    period: 'month',
    term: { id: termOne.id, number: 1, nameKm: termOne.nameKm, nameEn: termOne.nameEn },
    month: 11,
    subjects: subjectList,
    divisor,
    maxScore,
    decimals: 2,
    published: true,
    students,
    stats: statsOf(students),
  };
}
export const novemberSheet = monthSheet();

/** The first term so far: November to January's averages, the exam, and the term's average. */
function termSheet(): ResultSheet {
  const lines = novemberSheet.students.map((line, i) => {
    const months = [11, 12, 1, 2].map((month, m) => ({
      month,
      average: m === 3 ? null : line.average! + (m - 1) * 0.85 - i * 0.1,
    }));
    const exam = line.average! + 1.15 - (i % 2) * 2.3;
    const known = months.filter((m) => m.average !== null).map((m) => m.average!);
    const monthly = known.reduce((s, a) => s + a, 0) / known.length;
    const average = (monthly + exam) / 2;
    return {
      ...line,
      subjects: line.subjects.map((c) => ({
        ...c,
        absent: false,
        score: c.score === null ? 9.5 : c.score * 0.97,
      })),
      total: null,
      average,
      monthAverages: months,
      examAverage: exam,
      grade: letter(average),
      passed: average >= maxScore / 2,
      absences: {
        absent: line.absences.absent * 3,
        permission: line.absences.permission * 2,
        late: 1,
      },
    };
  });
  const students = ranked(lines);
  return {
    ...novemberSheet,
    period: 'term',
    month: null,
    decimals: 1,
    published: false,
    students,
    stats: statsOf(students),
  };
}
export const termOneSheet = termSheet();

/** The whole year: each term's average and the year's, their mean. */
function yearSheet(): ResultSheet {
  const lines = termOneSheet.students.map((line, i) => {
    const first = line.average!;
    const second = first + 1.45 - (i % 3) * 1.1;
    const average = (first + second) / 2;
    return {
      ...line,
      monthAverages: [],
      examAverage: null,
      termAverages: [
        { term: 1, average: first },
        { term: 2, average: second },
      ],
      average,
      grade: letter(average),
      passed: average >= maxScore / 2,
    };
  });
  const students = ranked(lines);
  return {
    ...termOneSheet,
    period: 'year',
    term: null,
    published: true,
    students,
    stats: statsOf(students),
  };
}
export const wholeYearSheet = yearSheet();

export const emptySheet: ResultSheet = {
  ...novemberSheet,
  month: 12,
  published: false,
  students: [],
  stats: { ...statsOf([]), byGender: [] },
};

/** Chan Sophea's year so far: four months, the first term's exam and average. */
export const sopheaTrend: StudentTrend = {
  student: {
    id: studentIds[0]!,
    code: 'S2026-0010',
    nameKm: people[0]![0],
    nameEn: people[0]![1],
  },
  yearId,
  maxScore,
  points: [
    { kind: 'month', term: 1, month: 11, average: novemberSheet.students[0]!.average, rank: 1 },
    { kind: 'month', term: 1, month: 12, average: 41.2857142857, rank: 2 },
    { kind: 'month', term: 1, month: 1, average: 43.5, rank: 1 },
    { kind: 'month', term: 1, month: 2, average: 44.345, rank: 1 },
    { kind: 'exam', term: 1, month: null, average: 42.75, rank: 2 },
    { kind: 'term', term: 1, month: null, average: 43.1, rank: 1 },
    { kind: 'month', term: 2, month: 4, average: 45.05, rank: 1 },
    { kind: 'term', term: 2, month: null, average: null, rank: null },
    { kind: 'year', term: null, month: null, average: null, rank: null },
  ].map((p) => ({
    ...p,
    kind: p.kind as StudentTrend['points'][number]['kind'],
    classId: sevenA.id,
  })),
};

/** Report cards for some students of November, with their homeroom comment. */
function cardsOf(ids: readonly string[]): ReportCardsResponse {
  const lines = novemberSheet.students.filter(
    (s) => ids.length === 0 || ids.includes(s.student.id),
  );
  return {
    school: {
      id: storyUser.school.id,
      nameKm: storyUser.school.nameKm,
      nameEn: storyUser.school.nameEn,
      address: 'Phnom Penh',
      logoFileId: null,
    },
    class: { ...sevenA, homeroom: novemberSheet.class.homeroom },
    year: { id: yearId, name: '2026–2027' },
    period: {
      period: 'month',
      key: 'm11',
      term: novemberSheet.term,
      month: 11,
    },
    subjects: subjectList,
    maxScore,
    decimals: 2,
    digits: 'latn',
    published: true,
    canComment: true,
    cards: lines.map((line, i) => ({
      student: { ...line.student, birthDate: '2014-03-02', photoFileId: null },
      active: line.active,
      subjects: line.subjects,
      total: line.total,
      average: line.average,
      rank: line.rank,
      rankOf: 5,
      grade: line.grade,
      mentionKm: null,
      mentionEn: null,
      passed: line.passed,
      attendance: line.absences,
      comment: i === 0 ? 'Works carefully; reads widely.' : '',
      commentVersion: i === 0 ? 2 : null,
    })),
  };
}

/** What the stories' requests sent, for their play functions to check. */
export const sent = {
  exports: [] as string[],
  jobs: [] as Record<string, unknown>[],
  comments: [] as Record<string, unknown>[],
  files: [] as string[],
  reset() {
    this.exports.length = 0;
    this.jobs.length = 0;
    this.comments.length = 0;
    this.files.length = 0;
  },
};

export const profile = answer('postProfile', () => ({ user: homeroomUser }));
export const config = appConfig;
export const school = answer('getSchool', () => ({
  school: { ...storyUser.school, settings: schoolSettingsSchema.parse({}) },
}));
export const classes = answer('getScoreClasses', () => classesBody);

/** The result sheet for the period asked: November, the first term, else an empty month. */
export const results = answer('getResults', ({ query }) => {
  if (query.get('period') === 'term') return termOneSheet;
  if (query.get('period') === 'year') return wholeYearSheet;
  if (query.get('period') === 'month' && query.get('month') === '11') {
    return novemberSheet;
  }
  return { ...emptySheet, month: Number(query.get('month')) || null };
});
export const noResults = answer('getResults', () => emptySheet);
export const resultsFail = answer('getResults', serverError);
export const resultsSlow = answer('getResults', async () => {
  await delay('infinite');
  return novemberSheet;
});
export const resultsExport = answer('getResultsExport', ({ query }) => {
  sent.exports.push(
    ['classId', 'period', 'termId', 'month', 'language'].map((k) => query.get(k)).join(' '),
  );
  return new HttpResponse(new Blob(['xlsx']), {
    headers: {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="results.xlsx"',
    },
  });
});
export const trend = answer('getResultsStudent', () => sopheaTrend);
export const cards = answer('getReportCards', ({ query }) => {
  const ids = (query.get('studentIds') ?? '').split(',').filter(Boolean);
  // The table gives this endpoint no JSON answer to type, though the page reads one.
  return HttpResponse.json(cardsOf(ids));
});
export const saveComment = answer('putReportComment', ({ body }) => {
  sent.comments.push(body);
  return {
    comment: {
      classId: body.classId,
      studentId: body.studentId,
      period: body.period,
      comment: body.comment,
      version: 3,
      updatedAt: '2026-11-30T03:00:00.000Z',
    },
    message: 'Comment saved',
  };
});

const jobOf = (
  status: ReportJob['status'],
  done: number,
  total: number,
  language: ReportJob['language'],
): ReportJob => ({
  id: uuid(9100),
  classId: sevenA.id,
  status,
  done,
  total,
  language,
  size: status === 'done' ? 182_000 : null,
  fileName: 'report-cards-grade-7a-november.pdf',
  error:
    status === 'failed'
      ? { code: 'REPORT_FAILED', message: 'The report could not be made.' }
      : null,
  createdAt: '2026-11-30T03:00:00.000Z',
  finishedAt: status === 'done' || status === 'failed' ? '2026-11-30T03:00:09.000Z' : null,
});

/**
 * PDF jobs: the job is created queued; each look at it prints `step` more cards, until `endAt`
 * cards are printed — then it stays running (`stall`), ends done, or fails.
 */
export function reportJobs({
  total = 5,
  step = 2,
  ending = 'done',
}: {
  total?: number;
  step?: number;
  ending?: 'done' | 'failed' | 'stall';
}) {
  let done = 0;
  let language: ReportJob['language'] = 'en';
  return [
    answer('postReportJobs', ({ body }) => {
      sent.jobs.push(body);
      done = 0;
      language = body.language === 'km' ? 'km' : 'en';
      return { job: jobOf('queued', 0, total, language) };
    }),
    answer('getReportJob', () => {
      if (ending === 'stall') {
        done = Math.min(total - 2, done + step);
        return { job: jobOf('running', done, total, language) };
      }
      done = Math.min(total, done + step);
      if (done < total) return { job: jobOf('running', done, total, language) };
      return {
        job: jobOf(ending, ending === 'done' ? total : done - 1, total, language),
      };
    }),
    answer('getReportJobFile', ({ params }) => {
      sent.files.push(String(params.id));
      return new HttpResponse(new Blob(['%PDF-1.7']), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="report-cards.pdf"',
        },
      });
    }),
  ];
}

/** Everything a results screen asks for, answered. */
export const resultsHandlers = [
  profile,
  config,
  school,
  classes,
  results,
  resultsExport,
  trend,
  cards,
  saveComment,
];
