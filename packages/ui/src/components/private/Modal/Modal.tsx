import { X } from '../icons.js';
import { useCallback, useId, useState, type ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading as AriaHeading,
  Modal as AriaModal,
  ModalOverlay,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../../i18n/strings.js';
import { provideCssEscape } from '../../../lib/cssEscape.js';
import { textSize } from '../../../theme/typography.css.js';
import { IconButton } from '../../IconButton/IconButton.js';
import { heading } from '../../Heading/Heading.css.js';
import { cx } from '../cx.js';
import * as styles from './Modal.css.js';

// react-aria's modal needs CSS.escape, which jsdom lacks: hosts' tests work without a setup.
provideCssEscape();

const strings = uiStringTable(['close']);

/**
 * Whether an element's content overflows it. A scrolling region must be reachable by keyboard
 * (so it can be scrolled with the arrow keys), so it joins the tab order only when it scrolls.
 */
function useScrollable() {
  const [scrollable, setScrollable] = useState(false);
  const ref = useCallback((el: HTMLDivElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrollable(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, scrollable] as const;
}

export const modalSizes = ['small', 'medium', 'large'] as const;
/** A drawer's own classes for the overlay and the panel, in place of the centred placement. */
export interface ModalPlacement {
  overlay: string;
  panel: string;
}

export interface ModalProps {
  /** The title: it names the dialog for screen readers. */
  title: ReactNode;
  /** A line under the title, read with it. */
  description?: ReactNode;
  /** An icon before the title (confirm dialogs show their type). */
  icon?: ReactNode;
  /** The content, or a function that receives `close`. */
  children?: ReactNode | ((close: () => void) => ReactNode);
  /** Actions at the bottom (buttons), or a function that receives `close`. */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** Controlled: whether it is open. Leave unset inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when it opens or closes (Escape, outside press, close button). */
  onOpenChange?: (isOpen: boolean) => void;
  /**
   * Close when the user presses outside it.
   * @default true
   */
  isDismissable?: boolean;
  /** Ignore Escape (for flows that must end with an explicit choice). */
  isKeyboardDismissDisabled?: boolean;
  /**
   * `alertdialog` for confirmations that interrupt the user.
   * @default 'dialog'
   */
  role?: 'dialog' | 'alertdialog';
  /**
   * The panel's maximum width (centre placement).
   * @default 'medium'
   */
  size?: (typeof modalSizes)[number];
  /** Centre of the screen by default; Drawer passes its edge's classes. */
  placement?: ModalPlacement;
  /**
   * Hide the × button in the corner.
   * @default false
   */
  hideCloseButton?: boolean;
  /** Classes and attributes for tests and layout. */
  className?: string;
}

/**
 * The shared modal behind Dialog, ConfirmDialog and Drawer: react-aria's ModalOverlay + Modal +
 * Dialog (focus trap, Escape, scroll lock, focus restore) with the theme's panel, a title, an
 * optional description, a close button and a footer.
 */
export function Modal({
  title,
  description,
  icon,
  children,
  footer,
  isOpen,
  onOpenChange,
  isDismissable = true,
  isKeyboardDismissDisabled,
  role = 'dialog',
  size = 'medium',
  placement,
  hideCloseButton = false,
  className,
}: ModalProps) {
  const t = useStrings(strings);
  const descriptionId = useId();
  const [bodyRef, bodyScrolls] = useScrollable();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={cx(styles.overlay, placement ? placement.overlay : styles.overlayCentered)}
    >
      <AriaModal
        className={cx(
          styles.panel,
          placement ? placement.panel : styles.panelCentered,
          styles.size[size],
          className,
        )}
      >
        <AriaDialog
          role={role}
          aria-describedby={description ? descriptionId : undefined}
          className={styles.dialog}
        >
          {({ close }) => (
            <>
              <div className={styles.header}>
                {icon}
                <div className={styles.headerText}>
                  <AriaHeading slot="title" className={cx(heading, textSize.large)}>
                    {title}
                  </AriaHeading>
                  {description && (
                    <div id={descriptionId} className={cx(textSize.medium, styles.description)}>
                      {description}
                    </div>
                  )}
                </div>
                {!hideCloseButton && (
                  <IconButton
                    label={t('close')}
                    icon={<X size={20} />}
                    tooltip={false}
                    onPress={close}
                  />
                )}
              </div>
              {children != null && (
                <div
                  ref={bodyRef}
                  className={styles.body}
                  // Focusable only while it scrolls, so keyboard users can scroll it.
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                  tabIndex={bodyScrolls ? 0 : undefined}
                >
                  {typeof children === 'function' ? children(close) : children}
                </div>
              )}
              {footer != null && (
                <div className={styles.footer}>
                  {typeof footer === 'function' ? footer(close) : footer}
                </div>
              )}
            </>
          )}
        </AriaDialog>
      </AriaModal>
    </ModalOverlay>
  );
}
