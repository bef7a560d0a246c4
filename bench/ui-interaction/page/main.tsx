// The two screens the benchmark drives, rendered the way an app renders them (no Storybook):
// ?view=grid is the 60 × 15 scoring grid, ?view=table the 5,000-row table.
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import '../../../packages/ui/src/fonts.css';
// The global styles (border-box sizing, the body's font): the app has them, and the rows' heights
// depend on them. Imported by name, as a source build would otherwise drop this file.
import '../../../packages/ui/src/theme/global.css';
import {
  DataTable,
  EditableGrid,
  SalaProvider,
  createColumnHelper,
  type GridValues,
} from '../../../packages/ui/src/index.js';
import {
  makeStudents,
  type StoryStudent,
} from '../../../packages/ui/src/components/DataTable/storyData.js';
import { scoreGrid } from '../../../packages/ui/src/components/EditableGrid/storyData.js';

const grid = scoreGrid(60);
const students = makeStudents(5000);
const col = createColumnHelper<StoryStudent>();
const columns = [
  col.accessor('nameKm', { header: 'ឈ្មោះ', size: 170 }),
  col.accessor('nameEn', { header: 'Name', size: 170 }),
  col.accessor('code', { header: 'Code', size: 130 }),
  col.accessor('gender', { header: 'Gender', size: 100 }),
  col.accessor('className', { header: 'Class', size: 100 }),
  col.accessor('average', { header: 'Average', size: 110, cell: (i) => i.getValue().toFixed(2) }),
  col.accessor('phone', { header: 'Guardian phone', size: 170 }),
];

function Grid() {
  const [values, setValues] = useState<GridValues>(grid.values);
  return (
    <EditableGrid
      label="Monthly scores"
      rowHeaderLabel="Student"
      rows={grid.rows}
      columns={grid.columns}
      values={values}
      onChange={(_, next) => setValues(next)}
    />
  );
}

function Table() {
  return (
    <DataTable
      data={students}
      columns={columns}
      getRowId={(s) => s.id}
      label="Students"
      selectable
      searchable
      height={520}
    />
  );
}

const view = new URLSearchParams(location.search).get('view');
createRoot(document.getElementById('root')!).render(
  <SalaProvider locale="en">{view === 'table' ? <Table /> : <Grid />}</SalaProvider>,
);
