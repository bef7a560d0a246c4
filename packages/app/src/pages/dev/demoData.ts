import { compareValues, containsText, type SortingState } from '@sala/ui';

/**
 * Generated students for the living examples of the dev pages: deterministic (the same seed
 * always gives the same school), with Khmer and Latin names, classes, scores and attendance.
 */
export interface DemoStudent {
  id: string;
  /** The student number: digits only, as schools print them. */
  code: string;
  nameKm: string;
  nameEn: string;
  gender: 'female' | 'male';
  grade: number;
  /** The class letter within the grade: ក ខ គ (A B C). */
  section: 0 | 1 | 2;
  /** Year, month and day of birth. */
  birthDate: string;
  /** Average of the monthly tests, out of 50. */
  average: number;
  guardianPhone: string;
}

/** The subjects of the demo school's grade 7, each with its maximum score (names: `grid.subjects.*`). */
export const demoSubjects = [
  { id: 'khmer', max: 100 },
  { id: 'math', max: 100 },
  { id: 'physics', max: 50 },
  { id: 'chemistry', max: 50 },
  { id: 'biology', max: 50 },
  { id: 'history', max: 50 },
  { id: 'geography', max: 50 },
  { id: 'english', max: 50 },
] as const;
export type DemoSubjectId = (typeof demoSubjects)[number]['id'];

export const sectionLetters = { km: ['ក', 'ខ', 'គ'], en: ['A', 'B', 'C'] } as const;

const families: [km: string, en: string][] = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['លី', 'Ly'],
  ['ហេង', 'Heng'],
  ['គង់', 'Kong'],
  ['កែវ', 'Keo'],
  ['ម៉ៅ', 'Mao'],
  ['ស៊ុន', 'Sun'],
  ['ឈឹម', 'Chhim'],
  ['ទេព', 'Tep'],
  ['ពេជ្រ', 'Pech'],
  ['សេង', 'Seng'],
];
const given: [km: string, en: string, gender: 'female' | 'male'][] = [
  ['ដារា', 'Dara', 'male'],
  ['ស្រីមុំ', 'Sreymom', 'female'],
  ['វិចិត្រ', 'Vichet', 'male'],
  ['សុភា', 'Sophea', 'female'],
  ['បុប្ផា', 'Bopha', 'female'],
  ['រតនា', 'Ratana', 'female'],
  ['ពិសិដ្ឋ', 'Piseth', 'male'],
  ['សុវណ្ណ', 'Sovann', 'male'],
  ['ចន្ទា', 'Chanda', 'female'],
  ['មករា', 'Makara', 'male'],
  ['ធីតា', 'Thida', 'female'],
  ['វណ្ណៈ', 'Vannak', 'male'],
  ['លីហួរ', 'Lyhour', 'male'],
  ['សុគន្ធា', 'Sokunthea', 'female'],
];

/** A small deterministic random number generator (a linear congruential one). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 1) / 2147483648;
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `count` students; the same count and seed always give the same students. */
export function makeDemoStudents(count: number, seed = 2026): DemoStudent[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const [familyKm, familyEn] = pick(families);
    const [givenKm, givenEn, gender] = pick(given);
    const grade = 7 + Math.floor(random() * 6);
    const birthYear = 2026 - grade - 6;
    // Scores cluster around 33/50 with a few weak and a few excellent students.
    const average = Math.round(Math.min(50, Math.max(12, 33 + (random() - 0.5) * 30)) * 100) / 100;
    return {
      id: `student-${i + 1}`,
      code: `26${pad(i + 1, 4)}`,
      nameKm: `${familyKm} ${givenKm}`,
      nameEn: `${familyEn} ${givenEn}`,
      gender,
      grade,
      section: Math.floor(random() * 3) as 0 | 1 | 2,
      birthDate: `${birthYear}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`,
      average,
      guardianPhone: `0${pick(['12', '15', '17', '77', '89', '96'])} ${pad(Math.floor(random() * 1000), 3)} ${pad(Math.floor(random() * 1000), 3)}`,
    };
  });
}

/** The class of a student as shown: ថ្នាក់ទី៧ក / Grade 7A. */
export function className(student: Pick<DemoStudent, 'grade' | 'section'>, lang: string): string {
  if (lang === 'km') {
    const digits = String(student.grade).replace(/\d/g, (d) => '០១២៣៤៥៦៧៨៩'[Number(d)]!);
    return `ថ្នាក់ទី${digits}${sectionLetters.km[student.section]}`;
  }
  return `Grade ${student.grade}${sectionLetters.en[student.section]}`;
}

/** The letter grade of a score out of `max` (the ministry's bands: A from 90 %, F under 50 %). */
/** The badge tone of each letter grade. */
export const gradeTone = {
  A: 'success',
  B: 'success',
  C: 'info',
  D: 'info',
  E: 'warning',
  F: 'danger',
} as const;

export function letterGrade(score: number, max: number): 'A' | 'B' | 'C' | 'D' | 'E' | 'F' {
  const ratio = max > 0 ? score / max : 0;
  if (ratio >= 0.9) return 'A';
  if (ratio >= 0.8) return 'B';
  if (ratio >= 0.7) return 'C';
  if (ratio >= 0.6) return 'D';
  if (ratio >= 0.5) return 'E';
  return 'F';
}

export interface StudentQuery {
  filter: string;
  sorting: SortingState;
  page: number;
  pageSize: number;
  /** The text of a row's cell for a column id, as the table shows it (searched and sorted). */
  valueOf: (student: DemoStudent, column: string) => unknown;
  /** The columns the search looks in. */
  searchColumns: readonly string[];
}

/** One page of the students matching the search, in the chosen order, and how many match. */
export function queryStudents(
  students: readonly DemoStudent[],
  query: StudentQuery,
): { rows: DemoStudent[]; total: number } {
  const matching = query.filter.trim()
    ? students.filter((student) =>
        query.searchColumns.some((column) =>
          containsText(query.valueOf(student, column), query.filter),
        ),
      )
    : [...students];
  const [sort] = query.sorting;
  if (sort) {
    matching.sort((a, b) => {
      const order = compareValues(query.valueOf(a, sort.id), query.valueOf(b, sort.id));
      return sort.desc ? -order : order;
    });
  }
  const lastPage = Math.max(1, Math.ceil(matching.length / query.pageSize));
  const page = Math.min(Math.max(1, query.page), lastPage);
  const start = (page - 1) * query.pageSize;
  return { rows: matching.slice(start, start + query.pageSize), total: matching.length };
}
