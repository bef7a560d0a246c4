import { describe, expect, it } from 'vitest';
import {
  className,
  letterGrade,
  makeDemoStudents,
  queryStudents,
  type DemoStudent,
  type StudentQuery,
} from './demoData.js';

const students = makeDemoStudents(250);
const valueOf = (student: DemoStudent, column: string) =>
  column === 'class' ? className(student, 'en') : student[column as keyof DemoStudent];
const base: StudentQuery = {
  filter: '',
  sorting: [],
  page: 1,
  pageSize: 25,
  valueOf,
  searchColumns: ['nameEn', 'nameKm', 'code', 'class'],
};

describe('demo students', () => {
  it('are the same for the same seed, and plausible', () => {
    expect(makeDemoStudents(250)).toEqual(students);
    expect(makeDemoStudents(5, 1)).not.toEqual(students.slice(0, 5));
    expect(new Set(students.map((s) => s.code)).size).toBe(250);
    for (const student of students) {
      expect(student.average).toBeGreaterThanOrEqual(12);
      expect(student.average).toBeLessThanOrEqual(50);
      expect(student.grade).toBeGreaterThanOrEqual(7);
      expect(student.grade).toBeLessThanOrEqual(12);
      expect(student.code).toMatch(/^\d{6}$/);
      expect(student.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(students.some((s) => s.gender === 'female')).toBe(true);
    expect(students.some((s) => s.gender === 'male')).toBe(true);
  });

  it('name their class in both languages', () => {
    expect(className({ grade: 7, section: 0 }, 'en')).toBe('Grade 7A');
    expect(className({ grade: 12, section: 2 }, 'km')).toBe('ថ្នាក់ទី១២គ');
  });

  it('get the letter grade of the ministry bands', () => {
    expect(letterGrade(45, 50)).toBe('A');
    expect(letterGrade(44.99, 50)).toBe('B');
    expect(letterGrade(35, 50)).toBe('C');
    expect(letterGrade(30, 50)).toBe('D');
    expect(letterGrade(25, 50)).toBe('E');
    expect(letterGrade(24, 50)).toBe('F');
    expect(letterGrade(0, 0)).toBe('F');
  });
});

describe('the student query of the table page', () => {
  it('pages through every student once', () => {
    const seen: string[] = [];
    for (let page = 1; page <= 10; page++) {
      const { rows, total } = queryStudents(students, { ...base, page });
      expect(total).toBe(250);
      seen.push(...rows.map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(250);
  });

  it('searches case-insensitively in the chosen columns, in both scripts', () => {
    const sok = queryStudents(students, { ...base, filter: 'sOK', pageSize: 500 });
    expect(sok.total).toBeGreaterThan(0);
    expect(sok.rows.every((s) => s.nameEn.toLowerCase().includes('sok'))).toBe(true);
    const khmer = queryStudents(students, { ...base, filter: 'សុខ', pageSize: 500 });
    expect(khmer.total).toBeGreaterThan(0);
    expect(khmer.rows.every((s) => s.nameKm.includes('សុខ'))).toBe(true);
    expect(khmer.total).toBe(students.filter((s) => s.nameKm.includes('សុខ')).length);
    const grade = queryStudents(students, { ...base, filter: 'grade 7a', pageSize: 500 });
    expect(grade.rows.every((s) => s.grade === 7 && s.section === 0)).toBe(true);
    expect(queryStudents(students, { ...base, filter: 'nobody here' })).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('sorts by a column either way, numbers by value', () => {
    const up = queryStudents(students, { ...base, sorting: [{ id: 'average', desc: false }] });
    const down = queryStudents(students, { ...base, sorting: [{ id: 'average', desc: true }] });
    const min = Math.min(...students.map((s) => s.average));
    const max = Math.max(...students.map((s) => s.average));
    expect(up.rows[0]!.average).toBe(min);
    expect(down.rows[0]!.average).toBe(max);
    const averages = up.rows.map((s) => s.average);
    expect(averages).toEqual([...averages].sort((a, b) => a - b));
  });

  it('keeps the page within the results when the search narrows them', () => {
    const { rows, total } = queryStudents(students, { ...base, filter: 'sok', page: 99 });
    expect(rows.length).toBe(Math.min(25, total - Math.floor((total - 1) / 25) * 25));
  });
});
