import type { ScoreClass, ScoreClassesResponse } from '@sala/contract';
import type { SheetChoice } from './scoringData.js';

/** The search params that keep the choice, so a reload (or a shared link) returns to it. */
export const PARAMS = { class: 'class', term: 'term', test: 'test', subject: 'subject' } as const;
/** The `test` param of a term's exam; a monthly test is its month's number. */
export const EXAM = 'exam';
/** The `subject` param of the students × subjects view. */
export const ALL_SUBJECTS = 'all';

type Term = ScoreClassesResponse['terms'][number];

export interface ResolvedChoice {
  schoolClass: ScoreClass;
  terms: Term[];
  term: Term | undefined;
  /** `exam` or a month number as text, as the test picker names it. */
  test: string;
  /** `all` or a subject's id. */
  subject: string;
  /** Null when the class's year has no terms yet. */
  choice: SheetChoice | null;
}

/**
 * The subject a class opens on: the caller's own (the first subject of their teaching assignment
 * there), so a teacher lands where they type; every subject for one who enters them all (the
 * office) or who enters none of them (a homeroom teacher who does not teach the class); else the
 * first subject.
 */
export function defaultSubject(schoolClass: ScoreClass): string {
  const own = schoolClass.subjects.filter((s) => s.canEnter);
  const entersAll = own.length === schoolClass.subjects.length;
  if (own[0] && !(schoolClass.allSubjects && entersAll)) return own[0].id;
  if (schoolClass.allSubjects) return ALL_SUBJECTS;
  return schoolClass.subjects[0]?.id ?? ALL_SUBJECTS;
}

/**
 * What the URL asks for, completed with sensible defaults: the first class the caller enters
 * scores in (else the first); the term holding this month (else the first); this month's test
 * when the term teaches it (else its first month); the caller's own subject (`defaultSubject`).
 * Anything the URL names that does not exist falls back the same way.
 */
export function resolveChoice(
  data: ScoreClassesResponse,
  params: URLSearchParams,
  thisMonth: number,
): ResolvedChoice | null {
  const schoolClass =
    data.classes.find((c) => c.id === params.get(PARAMS.class)) ??
    data.classes.find((c) => c.subjects.some((s) => s.canEnter)) ??
    data.classes[0];
  if (!schoolClass) return null;
  const terms = data.terms
    .filter((term) => term.yearId === schoolClass.yearId)
    .sort((a, b) => a.number - b.number);
  const term =
    terms.find((t) => t.id === params.get(PARAMS.term)) ??
    terms.find((t) => t.months.includes(thisMonth)) ??
    terms[0];

  const asked = params.get(PARAMS.test);
  let test: string;
  if (asked === EXAM) test = EXAM;
  else if (asked && term?.months.includes(Number(asked))) test = asked;
  else if (term?.months.includes(thisMonth)) test = String(thisMonth);
  else test = term?.months[0] !== undefined ? String(term.months[0]) : EXAM;

  const askedSubject = params.get(PARAMS.subject);
  const subject =
    askedSubject === ALL_SUBJECTS && schoolClass.allSubjects
      ? ALL_SUBJECTS
      : schoolClass.subjects.some((s) => s.id === askedSubject)
        ? askedSubject!
        : defaultSubject(schoolClass);

  const choice: SheetChoice | null = term
    ? {
        classId: schoolClass.id,
        termId: term.id,
        kind: test === EXAM ? 'exam' : 'month',
        ...(test === EXAM ? {} : { month: Number(test) }),
        ...(subject === ALL_SUBJECTS ? {} : { subjectId: subject }),
      }
    : null;
  return { schoolClass, terms, term, test, subject, choice };
}
