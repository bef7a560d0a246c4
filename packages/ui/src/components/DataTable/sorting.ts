import type { Row, SortingFn } from '@tanstack/react-table';

// Khmer order (consonant, then subscripts and vowels) comes from the Khmer collation; Latin
// names sort the same way in it, and numbers inside text sort by value ("Grade 7" < "Grade 10").
const collator = /* @__PURE__ */ new Intl.Collator('km', { numeric: true, sensitivity: 'base' });

/** Compares two cell values for sorting: numbers by value, anything else as Khmer-collated text. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator.compare(String(a), String(b));
}

/** The table's default sorting: Khmer collation for text, value order for numbers. */
export const collatedSort: SortingFn<unknown> = (a: Row<unknown>, b: Row<unknown>, columnId) =>
  compareValues(a.getValue(columnId), b.getValue(columnId));

/** The client-side filter: a case-insensitive "contains" on the cell's text. */
export function containsText(value: unknown, query: string): boolean {
  if (!query) return true;
  if (value === null || value === undefined) return false;
  return String(value).toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());
}
