import { useCallback, useContext, useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';
import { ConfirmHostContext, type Show } from './ConfirmHost.js';

/** What `confirm()` asks: the dialog's props without the open state and callbacks. */
export type ConfirmOptions = Omit<
  ConfirmDialogProps,
  'isOpen' | 'onOpenChange' | 'onCancel' | 'children'
>;

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

interface QuestionProps {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** One question: open until answered, then kept (closed) so the dialog can animate out. */
function Question({ options, resolve }: QuestionProps) {
  const [isOpen, setOpen] = useState(true);
  return (
    <ConfirmDialog
      {...options}
      isOpen={isOpen}
      onOpenChange={setOpen}
      onConfirm={() => {
        const result = options.onConfirm?.();
        if (typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') {
          return resolve(true);
        }
        return (result as PromiseLike<unknown>).then(() => resolve(true));
      }}
      onCancel={() => resolve(false)}
    />
  );
}

// Each host's unanswered question: a second one replaces it, which counts as cancelled (a
// promise settles once, so answering it afterwards changes nothing).
const unanswered = new WeakMap<Show, (confirmed: boolean) => void>();
let asked = 0;

/**
 * Asks for confirmation imperatively: `if (await confirm({ title: 'Delete?', type: 'error' }))`.
 * Resolves true on confirm (after an async `onConfirm` succeeds), false on cancel.
 */
export function useConfirm(): Confirm {
  const show = useContext(ConfirmHostContext);
  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        if (!show) return;
        unanswered.get(show)?.(false);
        unanswered.set(show, resolve);
        show(<Question key={++asked} options={options} resolve={resolve} />);
      }),
    [show],
  );
  // The long message only in development: a production bundle keeps a short one.
  if (!show) {
    throw new Error(
      process.env.NODE_ENV === 'production'
        ? 'no SalaProvider'
        : 'useConfirm() needs a SalaProvider above it',
    );
  }
  return confirm;
}
