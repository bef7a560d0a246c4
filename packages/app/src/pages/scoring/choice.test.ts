import type { ScoreClassesResponse } from '@sala/contract';
import { describe, expect, it } from 'vitest';
import { defaultSubject, resolveChoice } from './choice.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const subject = (n: number, canEnter: boolean) => ({
  id: id(300 + n),
  code: `S${n}`,
  nameKm: `S${n}`,
  nameEn: `S${n}`,
  type: 'learning_exam' as const,
  maxScore: 50,
  coefficient: 1,
  canEnter,
});
const data: ScoreClassesResponse = {
  classes: [
    {
      id: id(701),
      nameKm: '7A',
      nameEn: '7A',
      yearId: id(90),
      gradeLevel: { number: 7, maxScore: 50, divisor: null },
      allSubjects: true,
      subjects: [subject(1, true), subject(2, false)],
    },
    {
      id: id(802),
      nameKm: '8B',
      nameEn: '8B',
      yearId: id(90),
      gradeLevel: { number: 8, maxScore: 50, divisor: null },
      allSubjects: false,
      subjects: [subject(3, false), subject(4, true)],
    },
  ],
  terms: [
    {
      id: id(12),
      yearId: id(90),
      number: 2,
      nameKm: 'T2',
      nameEn: 'T2',
      months: [4, 5],
      examMonth: 6,
    },
    {
      id: id(11),
      yearId: id(90),
      number: 1,
      nameKm: 'T1',
      nameEn: 'T1',
      months: [11, 12],
      examMonth: 1,
    },
  ],
};

describe('the gradebook chosen by the URL', () => {
  it("defaults to the teacher's own class and subject, and the term and test of this month", () => {
    const resolved = resolveChoice(data, new URLSearchParams(), 12)!;
    expect(resolved.terms.map((t) => t.number)).toEqual([1, 2]);
    // The homeroom teacher of 7A who teaches S1 there lands on S1, not on every subject.
    expect(resolved.choice).toEqual({
      classId: id(701),
      termId: id(11),
      kind: 'month',
      month: 12,
      subjectId: id(301),
    });
    expect(resolved.subject).toBe(id(301));
  });

  it('opens on a class the caller teaches, before classes they only see', () => {
    const seen = { ...data.classes[0]!, id: id(601), subjects: [subject(5, false)] };
    const resolved = resolveChoice(
      { ...data, classes: [seen, ...data.classes] },
      new URLSearchParams(),
      12,
    )!;
    expect(resolved.schoolClass.id).toBe(id(701));
  });

  it('shows every subject to one who enters them all, or none of them, in a homeroom class', () => {
    expect(
      defaultSubject({ ...data.classes[0]!, subjects: [subject(1, true), subject(2, true)] }),
    ).toBe('all');
    expect(
      defaultSubject({ ...data.classes[0]!, subjects: [subject(1, false), subject(2, false)] }),
    ).toBe('all');
    // Not a homeroom class, nothing to enter: the first subject.
    expect(defaultSubject({ ...data.classes[1]!, subjects: [subject(3, false)] })).toBe(id(303));
  });

  it('keeps what the URL names: the exam of a term and one subject', () => {
    const params = new URLSearchParams({
      class: id(802),
      term: id(12),
      test: 'exam',
      subject: id(303),
    });
    expect(resolveChoice(data, params, 12)!.choice).toEqual({
      classId: id(802),
      termId: id(12),
      kind: 'exam',
      subjectId: id(303),
    });
  });

  it('falls back from what does not exist: a month outside the term, all subjects not allowed', () => {
    const params = new URLSearchParams({
      class: id(802),
      term: id(12),
      test: '11',
      subject: 'all',
    });
    const resolved = resolveChoice(data, params, 9)!;
    // Not the homeroom class: the first subject the caller may enter.
    expect(resolved.choice).toEqual({
      classId: id(802),
      termId: id(12),
      kind: 'month',
      month: 4,
      subjectId: id(304),
    });
  });

  it('has nothing to show without classes', () => {
    expect(resolveChoice({ classes: [], terms: [] }, new URLSearchParams(), 1)).toBeNull();
  });
});
