export {
  ConfirmDialog,
  confirmTypes,
  type ConfirmDialogProps,
  type ConfirmType,
} from './ConfirmDialog.js';
export { ConfirmProvider, useConfirm, type ConfirmOptions } from './useConfirm.js';
