export { EditableGrid, type EditableGridProps } from './EditableGrid.js';
export type { GridChange, GridColumn, GridRow, GridValues } from './gridModel.js';
