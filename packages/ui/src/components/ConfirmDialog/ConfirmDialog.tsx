import { CircleAlert, CircleCheck, Info, TriangleAlert } from '../private/icons.js';
import { useContext, useRef, useState, type ReactNode } from 'react';
import { OverlayTriggerStateContext } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Button } from '../Button/Button.js';
import { Modal } from '../private/Modal/Modal.js';
import * as styles from './ConfirmDialog.css.js';

const strings = uiStringTable(['cancel', 'confirm']);

export const confirmTypes = ['info', 'success', 'warning', 'error'] as const;
export type ConfirmType = (typeof confirmTypes)[number];

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert };

export interface ConfirmDialogProps {
  /** The question, e.g. "Delete this student?". */
  title: ReactNode;
  /** What will happen: text or rich content. */
  description?: ReactNode;
  /**
   * The confirm button's text; "Confirm" in the current language by default.
   * @default 'Confirm', translated
   */
  confirmText?: ReactNode;
  /**
   * The cancel button's text; "Cancel" in the current language by default.
   * @default 'Cancel', translated
   */
  cancelText?: ReactNode;
  /**
   * The kind of decision, shown by icon and colour. `warning` and `error` are for destructive
   * actions: focus starts on Cancel and the confirm button is red.
   * @default 'info'
   */
  type?: ConfirmType;
  /**
   * Runs on confirm. If it returns a promise, the button shows progress until it settles; the
   * dialog closes when it resolves and stays open (for another try or Cancel) when it rejects.
   */
  onConfirm?: () => unknown;
  /** Runs when the user backs out: Cancel, Escape or a press outside. */
  onCancel?: () => void;
  /** Controlled: whether it is open. Leave unset inside a `DialogTrigger`. */
  isOpen?: boolean;
  /** Called when it opens or closes. */
  onOpenChange?: (isOpen: boolean) => void;
  /** Extra content between the description and the buttons. */
  children?: ReactNode;
}

/**
 * Asks the user to confirm an action (`role="alertdialog"`). Escape and a press outside cancel;
 * while an async `onConfirm` runs, the dialog cannot be dismissed.
 */
export function ConfirmDialog({
  title,
  description,
  confirmText,
  cancelText,
  type = 'info',
  onConfirm,
  onCancel,
  isOpen: isOpenProp,
  onOpenChange,
  children,
}: ConfirmDialogProps) {
  const t = useStrings(strings);
  const trigger = useContext(OverlayTriggerStateContext);
  const [isPending, setPending] = useState(false);
  const confirmed = useRef(false);
  const isOpen = isOpenProp ?? trigger?.isOpen ?? false;
  const destructive = type === 'warning' || type === 'error';
  const Icon = icons[type];

  const setOpen = (open: boolean) => {
    if (!open && !confirmed.current) onCancel?.();
    confirmed.current = false;
    onOpenChange?.(open);
    if (isOpenProp === undefined) trigger?.setOpen(open);
  };

  const finish = () => {
    confirmed.current = true;
    setOpen(false);
  };
  const confirm = () => {
    const result = onConfirm?.();
    if (!isThenable(result)) return finish();
    // Only an async action shows progress (and is announced as such).
    setPending(true);
    result.then(
      () => {
        setPending(false);
        finish();
      },
      // The action failed: stay open so the user can retry or cancel. The caller reports why.
      () => setPending(false),
    );
  };

  return (
    <Modal
      role="alertdialog"
      title={title}
      description={description}
      icon={
        // The type's colours come from the stylesheet, by this attribute.
        <span className={styles.icon} data-type={type}>
          <Icon size={24} />
        </span>
      }
      isOpen={isOpen}
      onOpenChange={setOpen}
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      size="small"
      hideCloseButton
      footer={
        <>
          <Button
            variant="secondary"
            // An alert dialog must put focus on a safe choice; for destructive ones that is
            // Cancel (WAI-ARIA alertdialog pattern).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={destructive}
            isDisabled={isPending}
            onPress={() => setOpen(false)}
          >
            {cancelText ?? t('cancel')}
          </Button>
          <Button
            variant={destructive ? 'danger' : 'primary'}
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={!destructive}
            isPending={isPending}
            onPress={confirm}
          >
            {confirmText ?? t('confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
