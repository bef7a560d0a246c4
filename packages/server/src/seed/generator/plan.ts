import type { SessionOfDay } from '@sala/contract';
import { seededRandom } from '../../lib/random.js';

/**
 * What a generated school is made of: its departments and subjects, the week's lessons, the
 * terms, the days off, the names and numbers its people are drawn from, and how its classes and
 * teachers are laid out. Pure data and arithmetic; the steps write it to the database.
 */
export interface SubjectPlan {
  code: string;
  department: string;
  km: string;
  en: string;
  /** Lessons a week; the plan fills 30 periods (Monday–Saturday × 5). */
  hours: number;
  maxScore: number;
  coefficient: number;
}

export const departmentPlan = [
  { code: 'KHM', km: 'ភាសាខ្មែរ', en: 'Khmer Literature' },
  { code: 'MATH', km: 'គណិតវិទ្យា', en: 'Mathematics' },
  { code: 'SCI', km: 'វិទ្យាសាស្ត្រ', en: 'Sciences' },
  { code: 'SOC', km: 'វិទ្យាសាស្ត្រសង្គម', en: 'Social Studies' },
  { code: 'LANG', km: 'ភាសាបរទេស', en: 'Foreign Languages' },
  { code: 'TECH', km: 'បច្ចេកវិទ្យា និងបំណិនជីវិត', en: 'Technology and Life Skills' },
  { code: 'ARTS', km: 'សិល្បៈ និងអប់រំកាយ', en: 'Arts and Physical Education' },
] as const;

/** 15 subjects of every grade: two with coefficient 2 out of 100, the rest out of 50. */
export const subjectPlan: SubjectPlan[] = [
  ['KHM', 'KHM', 'ភាសាខ្មែរ', 'Khmer', 5, 100, 2],
  ['MATH', 'MATH', 'គណិតវិទ្យា', 'Mathematics', 5, 100, 2],
  ['PHY', 'SCI', 'រូបវិទ្យា', 'Physics', 2, 50, 1],
  ['CHEM', 'SCI', 'គីមីវិទ្យា', 'Chemistry', 2, 50, 1],
  ['BIO', 'SCI', 'ជីវវិទ្យា', 'Biology', 2, 50, 1],
  ['EARTH', 'SCI', 'ផែនដីវិទ្យា', 'Earth Science', 1, 50, 1],
  ['HIST', 'SOC', 'ប្រវត្តិវិទ្យា', 'History', 2, 50, 1],
  ['GEO', 'SOC', 'ភូមិវិទ្យា', 'Geography', 2, 50, 1],
  ['MORAL', 'SOC', 'សីលធម៌-ពលរដ្ឋវិជ្ជា', 'Moral-Civics', 2, 50, 1],
  ['ENG', 'LANG', 'ភាសាអង់គ្លេស', 'English', 2, 50, 1],
  ['FRA', 'LANG', 'ភាសាបារាំង', 'French', 1, 50, 1],
  ['ICT', 'TECH', 'ព័ត៌មានវិទ្យា', 'ICT', 1, 50, 1],
  ['HOME', 'TECH', 'គេហវិទ្យា', 'Home Economics', 1, 50, 1],
  ['ART', 'ARTS', 'សិល្បៈ', 'Arts', 1, 50, 1],
  ['PE', 'ARTS', 'អប់រំកាយ និងកីឡា', 'Physical Education', 1, 50, 1],
].map(([code, department, km, en, hours, maxScore, coefficient]) => ({
  code: code as string,
  department: department as string,
  km: km as string,
  en: en as string,
  hours: hours as number,
  maxScore: maxScore as number,
  coefficient: coefficient as number,
}));

/** Periods a week: Monday–Saturday × 5. */
export const SLOTS = 30;
export const WEEK_DAYS = 6;
/** Two terms of five teaching months, each ending with its exam. */
export const termPlan = [
  { number: 1, months: [11, 12, 1, 2, 3], examMonth: 3 },
  { number: 2, months: [4, 5, 6, 7, 8], examMonth: 8 },
];
/** Public holidays between November and August (fixed dates only). */
export const defaultHolidays = [
  '11-09',
  '01-01',
  '01-07',
  '03-08',
  '04-14',
  '04-15',
  '04-16',
  '05-01',
  '05-14',
  '06-18',
];
export const leaveReasons = ['ឈឺ', 'មានធុរៈគ្រួសារ', 'ទៅពិនិត្យសុខភាព', 'ចូលរួមពិធីបុណ្យ'];
export const guardianRelations = [
  'Mother',
  'Father',
  'Mother',
  'Father',
  'Grandmother',
  'Uncle',
  'Aunt',
];
export const phonePrefixes = [
  '11',
  '12',
  '15',
  '16',
  '17',
  '61',
  '69',
  '70',
  '77',
  '78',
  '85',
  '89',
  '92',
];
export const phonePrefixes9 = [
  '10',
  '31',
  '60',
  '66',
  '67',
  '68',
  '71',
  '88',
  '90',
  '96',
  '97',
  '98',
];
export const sectionLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const pad = (value: number, width: number) => String(value).padStart(width, '0');
export const isoOf = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) =>
  isoOf(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

export interface ClassLayout {
  no: number;
  grade: number;
  section: string;
  session: SessionOfDay;
  size: number;
  firstStudent: number;
  /** Index among the classes of its shift, and its rotation of the weekly timetable. */
  shiftIndex: number;
  offset: number;
  homeroom: number;
  room: string;
}

/** Classes of a school: grades in blocks, sections A, B…, students numbered class by class. */
export function layoutClasses(
  students: number,
  options: {
    classSize: number | undefined;
    grades: number[];
    session: SessionOfDay | 'split';
    seed: number;
  },
  teachers: (classes: number) => number,
): { classes: ClassLayout[]; teachers: number } {
  const { grades } = options;
  const count = Math.max(
    1,
    options.classSize ? Math.ceil(students / options.classSize) : Math.round(students / 52),
  );
  const sizes = Array.from({ length: count }, (_, k) =>
    options.classSize
      ? Math.min(options.classSize, students - k * options.classSize)
      : Math.floor(students / count) + (k < students % count ? 1 : 0),
  );
  if (!options.classSize && count > 1) {
    // Uneven classes, 45–60 where the school is large enough: students move between pairs.
    const next = seededRandom(options.seed);
    const low = Math.min(45, sizes[count - 1]!);
    const high = Math.max(60, sizes[0]!);
    for (let k = 0; k < count; k += 1) {
      const other = (k + 1 + Math.floor(next() * (count - 1))) % count;
      const moved = Math.floor(next() * 7);
      if (sizes[k]! - moved >= low && sizes[other]! + moved <= high) {
        sizes[k]! -= moved;
        sizes[other]! += moved;
      }
    }
  }
  const teacherCount = teachers(count);
  // A homeroom teacher per class, all different: a step through the staff coprime with its size.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const step =
    [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43].find((p) => gcd(p, teacherCount) === 1) ?? 1;
  const shiftCounts = new Map<SessionOfDay, number>();
  const sectionCounts = new Map<number, number>();
  let first = 1;
  return {
    teachers: teacherCount,
    classes: sizes.map((size, k) => {
      const grade = grades[Math.floor((k * grades.length) / count)]!;
      const section = sectionCounts.get(grade) ?? 0;
      sectionCounts.set(grade, section + 1);
      const session: SessionOfDay =
        options.session === 'split' ? (grade <= 9 ? 'morning' : 'afternoon') : options.session;
      const shiftIndex = shiftCounts.get(session) ?? 0;
      shiftCounts.set(session, shiftIndex + 1);
      const letter =
        section < sectionLetters.length
          ? sectionLetters[section]!
          : `${sectionLetters[Math.floor(section / sectionLetters.length) - 1]}${sectionLetters[section % sectionLetters.length]}`;
      const layout: ClassLayout = {
        no: k + 1,
        grade,
        section: letter,
        session,
        size,
        firstStudent: first,
        shiftIndex,
        // Six classes a step of five periods apart, then the next six one period on: classes
        // sharing a teacher (same offset modulo the subject's lessons) never meet in a period.
        offset: (5 * shiftIndex + Math.floor(shiftIndex / 6)) % SLOTS,
        homeroom: ((k * step) % teacherCount) + 1,
        room: `${String.fromCharCode(65 + Math.floor(k / 40))}${pad((k % 40) + 1, 2)}`,
      };
      first += size;
      return layout;
    }),
  };
}

/** Teachers of each subject, in proportion to its lessons (largest remainder), at least one. */
export function teacherPools(total: number): { start: number; size: number }[] {
  const hours = subjectPlan.reduce((sum, s) => sum + s.hours, 0);
  const spare = Math.max(0, total - subjectPlan.length);
  const exact = subjectPlan.map((s) => (spare * s.hours) / hours);
  const sizes = exact.map((e) => 1 + Math.floor(e));
  let left = total - sizes.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    sizes[i]! += 1;
    left -= 1;
  }
  let start = 1;
  return sizes.map((size) => {
    const pool = { start, size };
    start += size;
    return pool;
  });
}

/** The school days from `from` to `until`, as ISO dates. */
export function schoolDays(from: string, until: string, weekdays: number[], holidays: string[]) {
  const days: string[] = [];
  for (let day = from; day <= until; day = addDays(day, 1)) {
    const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekdays.includes(weekday) && !holidays.includes(day.slice(5))) days.push(day);
  }
  return days;
}
