import { makeStudents } from '../DataTable/storyData.js';
import type { GridColumn, GridRow, GridValues } from './gridModel.js';

/** Subjects with their maximum scores, for the scoring-grid stories and benchmark. */
export const scoreColumns: GridColumn[] = [
  ['khmer', 'Khmer', 50],
  ['math', 'Math', 50],
  ['physics', 'Physics', 50],
  ['chemistry', 'Chemistry', 50],
  ['biology', 'Biology', 50],
  ['earth', 'Earth science', 50],
  ['english', 'English', 50],
  ['history', 'History', 50],
  ['geography', 'Geography', 50],
  ['morals', 'Morals', 50],
  ['home', 'Home economics', 50],
  ['sport', 'Sport', 50],
  ['ict', 'ICT', 50],
  ['art', 'Art', 50],
].map(([id, label, max]) => ({
  id: id as string,
  label: label as string,
  kind: 'number' as const,
  min: 0,
  max: max as number,
}));

/** 60 students × 14 subjects + a read-only total = 60 × 15. */
export function scoreGrid(rowCount = 60) {
  const rows: GridRow[] = makeStudents(rowCount).map((s) => ({
    id: s.id,
    label: `${s.nameKm} · ${s.nameEn}`,
  }));
  const columns: GridColumn[] = [
    ...scoreColumns,
    { id: 'total', label: 'Total', readOnly: true, width: 96 },
  ];
  const values: GridValues = {};
  rows.forEach((row, i) => {
    const cells: Record<string, string> = {};
    let total = 0;
    scoreColumns.forEach((c, j) => {
      const score = ((i * 7 + j * 13) % 41) + 10;
      cells[c.id] = String(score);
      total += score;
    });
    cells.total = String(total);
    values[row.id] = cells;
  });
  return { rows, columns, values };
}
