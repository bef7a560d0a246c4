import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Spinner } from '../Spinner/Spinner.js';
import * as styles from './GlobalLoader.css.js';

const strings = uiStringTable(['loading']);

export interface GlobalLoaderProps {
  /** Show the overlay. While shown it blocks the page: no pointer or keyboard can reach it. */
  isLoading: boolean;
  /**
   * What is happening; "Loading..." in the current language by default.
   * @default 'Loading...', translated
   */
  label?: string;
}

/**
 * A full-page overlay with a spinner and "Loading..." for work the user must wait for (saving a
 * whole class's scores). It is modal: it takes focus, hides the page from screen readers and
 * cannot be dismissed; its label is announced when it appears.
 */
export function GlobalLoader({ isLoading, label }: GlobalLoaderProps) {
  const t = useStrings(strings);
  const text = label ?? t('loading');
  return (
    <ModalOverlay
      isOpen={isLoading}
      isDismissable={false}
      isKeyboardDismissDisabled
      className={styles.overlay}
    >
      <Modal>
        <Dialog aria-label={text} className={styles.panel}>
          <Spinner size="large" label={text} showLabel />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
