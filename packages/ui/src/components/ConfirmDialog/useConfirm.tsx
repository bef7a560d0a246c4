import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';

/** What `confirm()` asks: the dialog's props without the open state and callbacks. */
export type ConfirmOptions = Omit<
  ConfirmDialogProps,
  'isOpen' | 'onOpenChange' | 'onCancel' | 'children'
>;

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Hosts the dialog that `useConfirm()` opens; SalaProvider includes one. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [isOpen, setOpen] = useState(false);
  const current = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    // A second question replaces an unanswered first one, which counts as cancelled.
    current.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      current.current = next;
      setPending(next);
      setOpen(true);
    });
  }, []);

  const settle = (confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        <ConfirmDialog
          {...pending.options}
          isOpen={isOpen}
          onOpenChange={setOpen}
          onConfirm={() => {
            const result = pending.options.onConfirm?.();
            if (typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') {
              return settle(true);
            }
            return (result as PromiseLike<unknown>).then(() => settle(true));
          }}
          onCancel={() => settle(false)}
        />
      )}
    </ConfirmContext.Provider>
  );
}

/**
 * Asks for confirmation imperatively: `if (await confirm({ title: 'Delete?', type: 'error' }))`.
 * Resolves true on confirm (after an async `onConfirm` succeeds), false on cancel.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a SalaProvider above it');
  return confirm;
}
