import { z } from 'zod';

/**
 * How a school lists its students on every screen and print (attendance, gradebook, results,
 * the month register, report cards): by name in Khmer order, or by student code.
 */
export const studentOrders = ['name', 'code'] as const;
export type StudentOrder = (typeof studentOrders)[number];
export const studentOrderSchema = z.enum(studentOrders);

/** What a student needs to be placed in a list. */
export interface OrderedStudent {
  code: string;
  nameKm: string;
  nameEn: string;
}

const khmer = /* @__PURE__ */ new Intl.Collator('km');
const latin = /* @__PURE__ */ new Intl.Collator('en', { sensitivity: 'base' });
/** Codes as people read them: "S-9" before "S-10". */
const codes = /* @__PURE__ */ new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** An empty name goes after every given one. */
function compareNames(collator: Intl.Collator, a: string, b: string): number {
  const x = a.trim();
  const y = b.trim();
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return collator.compare(x, y);
}

/** Code first (numbers read as numbers), then the plain text so that no two codes tie. */
function compareCodes(a: string, b: string): number {
  const order = codes.compare(a, b);
  return order !== 0 ? order : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The one order of students, whatever the language of the screen: by name, the Khmer name in
 * Khmer alphabetical order, then the English name, then the code; by code, the code alone.
 */
export function compareStudents(
  order: StudentOrder,
): (a: OrderedStudent, b: OrderedStudent) => number {
  if (order === 'code') return (a, b) => compareCodes(a.code, b.code);
  return (a, b) =>
    compareNames(khmer, a.nameKm, b.nameKm) ||
    compareNames(latin, a.nameEn, b.nameEn) ||
    compareCodes(a.code, b.code);
}

/** A copy of the list in the school's order; `of` finds the student in an item. */
export function sortStudents<T>(
  list: readonly T[],
  order: StudentOrder,
  of: (item: T) => OrderedStudent,
): T[] {
  const compare = compareStudents(order);
  return [...list].sort((a, b) => compare(of(a), of(b)));
}
