import { describe, expect, it } from 'vitest';
import {
  absenceAlertText,
  dailySummaryText,
  guardianAlertText,
  previewOf,
  replies,
  scoresPublishedText,
  testName,
} from './messages.js';

const schoolClass = { nameKm: 'ថ្នាក់ទី៧ក', nameEn: '7A' };
const alert = {
  schoolClass,
  date: '2026-11-09',
  session: 'morning' as const,
  period: null,
  absent: [
    { nameKm: 'សុខ ចាន់', nameEn: 'Sok Chan' },
    { nameKm: '', nameEn: 'Ly Nary' },
  ],
  late: 3,
  permission: 1,
  total: 42,
};

describe('Telegram messages', () => {
  it('writes the absence alert in English with English names', () => {
    expect(absenceAlertText('en', alert)).toBe(
      [
        'Absences · 7A',
        '9 November 2026 · morning',
        'Absent: 2 students',
        '1. Sok Chan',
        '2. Ly Nary',
        'Late: 3 · Excused: 1 · Students: 42',
      ].join('\n'),
    );
  });

  it('writes it in Khmer with Khmer names and digits, an English name when there is no Khmer one', () => {
    const text = absenceAlertText('km', { ...alert, period: 2 });
    expect(text).toBe(
      [
        'អវត្តមាន · ថ្នាក់ ថ្នាក់ទី៧ក',
        'ថ្ងៃទី៩ ខែវិច្ឆិកា ឆ្នាំ២០២៦ · ពេលព្រឹក ម៉ោងទី២',
        'សិស្សអវត្តមាន៖ ២ នាក់',
        '១. សុខ ចាន់',
        '២. Ly Nary',
        'មកយឺត៖ ៣ · មានច្បាប់៖ ១ · សិស្សសរុប៖ ៤២',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[0-9]/);
  });

  it("tells a guardian about their student's absence", () => {
    const student = { nameKm: 'សុខ ចាន់', nameEn: 'Sok Chan' };
    expect(guardianAlertText('en', { ...alert, student, absent: true })).toBe(
      'Sok Chan (7A) was absent: 9 November 2026 · morning.',
    );
    expect(guardianAlertText('km', { ...alert, student, absent: true })).toBe(
      'សូមជម្រាបជូន៖ សុខ ចាន់ (ថ្នាក់ ថ្នាក់ទី៧ក) អវត្តមាននៅថ្ងៃទី៩ ខែវិច្ឆិកា ឆ្នាំ២០២៦ · ពេលព្រឹក។',
    );
  });

  it('sums up the day for the office, with the classes not taken', () => {
    const classes = [
      { ...schoolClass, taken: true, present: 38, absent: 2, late: 1, permission: 1 },
      {
        nameKm: 'ថ្នាក់ទី៧ខ',
        nameEn: '7B',
        taken: false,
        present: 0,
        absent: 0,
        late: 0,
        permission: 0,
      },
    ];
    expect(dailySummaryText('en', { date: '2026-11-09', classes })).toBe(
      [
        'Attendance summary · 9 November 2026',
        '7A: present 38 · absent 2 · late 1 · excused 1',
        'Total: present 38 · absent 2 · late 1 · excused 1',
        'Not taken yet (1): 7B',
      ].join('\n'),
    );
    const km = dailySummaryText('km', { date: '2026-11-09', classes });
    expect(km).toContain('ថ្នាក់ទី៧ក៖ មក ៣៨ · អវត្តមាន ២ · យឺត ១ · ច្បាប់ ១');
    expect(km).toContain('មិនទាន់ស្រង់វត្តមាន (១)៖ ថ្នាក់ទី៧ខ');
    expect(dailySummaryText('en', { date: '2026-11-09', classes: [classes[1]!] })).toContain(
      'No class has taken attendance today.',
    );
  });

  it('names a month test by its month and an exam by its term', () => {
    expect(testName('en', { kind: 'month', month: 11, termNumber: 1 })).toBe('November test');
    expect(testName('km', { kind: 'month', month: 11, termNumber: 1 })).toBe('ប្រឡងប្រចាំខែវិច្ឆិកា');
    expect(testName('en', { kind: 'exam', month: null, termNumber: 2 })).toBe('Term 2 exam');
    expect(testName('km', { kind: 'exam', month: null, termNumber: 2 })).toBe('ប្រឡងឆមាសទី២');
    expect(
      scoresPublishedText('km', {
        schoolClass,
        kind: 'exam',
        month: null,
        termNumber: 1,
        subjects: [
          { nameKm: 'គណិតវិទ្យា', nameEn: 'Mathematics' },
          { nameKm: '', nameEn: 'Art' },
        ],
      }),
    ).toBe('ពិន្ទុត្រូវបានផ្សព្វផ្សាយ · ថ្នាក់ ថ្នាក់ទី៧ក\nប្រឡងឆមាសទី១\nមុខវិជ្ជា (២)៖ គណិតវិទ្យា, Art');
  });

  it('answers link commands in the code’s language and keeps previews to one short line', () => {
    expect(replies.linked('en', 'class', '7A')).toBe(
      'This group now receives the notices of class 7A.',
    );
    expect(replies.unlinked('km', 0)).toBe('ជជែកនេះមិនបានភ្ជាប់ជាមួយសាលាទេ។');
    expect(previewOf('First line\nsecond')).toBe('First line');
    expect(previewOf('x'.repeat(200))).toHaveLength(120);
  });
});
