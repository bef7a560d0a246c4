import { randomUUID } from 'node:crypto';
import type { ReportCard, ReportCardsResponse } from '@sala/contract';
import { CardPrinter, type PrintedPart } from './pdf.js';

const khmerSubjects = [
  'ភាសាខ្មែរ',
  'គណិតវិទ្យា',
  'រូបវិទ្យា',
  'គីមីវិទ្យា',
  'ជីវវិទ្យា',
  'ផែនដីវិទ្យា',
  'ប្រវត្តិវិទ្យា',
  'ភូមិវិទ្យា',
  'សីលធម៌-ពលរដ្ឋវិជ្ជា',
  'ភាសាអង់គ្លេស',
  'អប់រំកាយ និងកីឡា',
  'គេហវិទ្យា',
  'បច្ចេកវិទ្យាព័ត៌មាន',
  'សិល្បៈ',
  'តន្ត្រី',
  'ភាសាបារាំង',
  'សេដ្ឋកិច្ច',
  'បំណិនជីវិត',
  'អក្សរសាស្ត្រខ្មែរ',
  'វិទ្យាសាស្ត្រ',
];

/**
 * A class's report cards made up for rendering tests: `subjects` subjects, `students` students
 * with Khmer and English names and scores, in the shape the card data endpoint answers.
 */
export function sampleCards({
  subjects = 8,
  students = 3,
  comment = 'សិស្សឧស្សាហ៍ព្យាយាម និងមានសុជីវធម៌ល្អ។ Works hard and helps others.',
  published = true,
  digits = 'latn' as 'latn' | 'khmr',
}: {
  subjects?: number;
  students?: number;
  comment?: string;
  published?: boolean;
  digits?: 'latn' | 'khmr';
} = {}): ReportCardsResponse {
  const subjectList = Array.from({ length: subjects }, (_, index) => ({
    id: randomUUID(),
    code: `S${index + 1}`,
    nameKm: khmerSubjects[index % khmerSubjects.length]!,
    nameEn: `Subject number ${index + 1}`,
    type: 'learning_exam' as const,
    maxScore: 50,
    coefficient: 1,
  }));
  const cards: ReportCard[] = Array.from({ length: students }, (_, index) => {
    const scores = subjectList.map((subject, s) => ({
      subjectId: subject.id,
      score: s === 1 && index === 0 ? null : 20 + ((index * 7 + s * 3) % 30) + 0.25,
      absent: s === 1 && index === 0,
      grade: 'C' as const,
    }));
    const total = scores.reduce((sum, score) => sum + (score.score ?? 0), 0);
    return {
      student: {
        id: randomUUID(),
        code: `ST${String(index + 1).padStart(3, '0')}`,
        nameKm: `សុខ ដារ៉ា ${index + 1}`,
        nameEn: `Sok Dara ${index + 1}`,
        gender: index % 2 ? 'male' : 'female',
        birthDate: '2012-03-14',
        photoFileId: null,
      },
      active: true,
      subjects: scores,
      total,
      average: total / subjects,
      rank: index + 1,
      rankOf: students,
      grade: 'C',
      mentionKm: 'ល្អ',
      mentionEn: 'Good',
      passed: true,
      attendance: { absent: 2, permission: 1, late: 3 },
      comment,
      commentVersion: 1,
    };
  });
  return {
    school: {
      id: randomUUID(),
      nameKm: 'វិទ្យាល័យ ព្រះស៊ីសុវត្ថិ',
      nameEn: 'Preah Sisowath High School',
      address: 'Phnom Penh',
      logoFileId: null,
    },
    class: {
      id: randomUUID(),
      nameKm: 'ថ្នាក់ទី៩ក',
      nameEn: 'Grade 9A',
      homeroom: { id: randomUUID(), nameKm: 'លី ចន្ថា', nameEn: 'Ly Chantha' },
    },
    year: { id: randomUUID(), name: '2025-2026' },
    period: {
      period: 'term',
      key: 't1',
      term: { id: randomUUID(), number: 1, nameKm: 'ឆមាសទី១', nameEn: 'Semester 1' },
      month: null,
    },
    subjects: subjectList,
    maxScore: 50,
    decimals: 2,
    digits,
    published,
    canComment: true,
    cards,
  };
}

let blankPage: Promise<Buffer> | undefined;

/** A one-page blank PDF, made once. */
function blankPdf(): Promise<Buffer> {
  blankPage ??= import('pdf-lib').then(async ({ PDFDocument }) => {
    const document = await PDFDocument.create();
    document.addPage([595, 842]);
    return Buffer.from(await document.save());
  });
  return blankPage;
}

/**
 * A card printer that starts no browser, for tests of the print queue: each print calls
 * `onPrint` (to see which job is printing), then waits while the printer is held, and answers
 * a blank page. A test holds it to keep a job printing while it asks for more.
 */
export class FakePrinter extends CardPrinter {
  /** Prints begun so far. */
  started = 0;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  constructor(private readonly onPrint: () => Promise<void> = async () => undefined) {
    super('/nonexistent/chromium');
  }

  /** Prints begun from now on wait until `release`. */
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  /** Lets the waiting prints (and the next ones) end. */
  release(): void {
    this.open();
    this.gate = Promise.resolve();
  }

  override warm(): void {}

  override async print(): Promise<PrintedPart> {
    this.started += 1;
    await this.onPrint();
    await this.gate;
    return { pdf: await blankPdf(), shrunk: [], overflowing: [] };
  }

  override async close(): Promise<void> {}
}
