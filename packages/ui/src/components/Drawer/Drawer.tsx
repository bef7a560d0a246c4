import { Modal, type ModalProps } from '../private/Modal/Modal.js';
import * as styles from './Drawer.css.js';

export const drawerPlacements = ['start', 'end'] as const;

export interface DrawerProps extends Omit<ModalProps, 'placement' | 'role' | 'icon' | 'size'> {
  /**
   * The edge it slides from: start (left in English and Khmer) for navigation, end for details.
   * @default 'start'
   */
  placement?: (typeof drawerPlacements)[number];
}

/**
 * A full-height panel that slides in from an edge: the phone navigation, or details beside a
 * list. Modal like a Dialog: focus stays inside, Escape and a press outside close it.
 */
export function Drawer({ placement = 'start', ...props }: DrawerProps) {
  return <Modal {...props} placement={styles[placement]} />;
}
