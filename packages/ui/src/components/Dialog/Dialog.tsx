import { Modal, modalSizes, type ModalProps } from '../private/Modal/Modal.js';

export const dialogSizes = modalSizes;

export type DialogProps = Omit<ModalProps, 'placement' | 'role' | 'icon'>;

/**
 * A modal dialog with a title, content and actions. Open it from a `DialogTrigger` (first child
 * the button, second the dialog) or control it with `isOpen` / `onOpenChange`. Focus moves into
 * it, stays there, and returns to the trigger when it closes; Escape closes it.
 */
export function Dialog(props: DialogProps) {
  return <Modal {...props} />;
}

/**
 * Opens the dialog that follows the button inside it, and tracks the open state: react-aria's
 * own, as is.
 */
export { DialogTrigger, type DialogTriggerProps } from 'react-aria-components';
