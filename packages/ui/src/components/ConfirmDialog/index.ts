export {
  ConfirmDialog,
  confirmTypes,
  type ConfirmDialogProps,
  type ConfirmType,
} from './ConfirmDialog.js';
export { ConfirmProvider } from './ConfirmHost.js';
export { useConfirm, type ConfirmOptions } from './useConfirm.js';
