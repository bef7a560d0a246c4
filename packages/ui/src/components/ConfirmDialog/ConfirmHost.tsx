import { createContext, useState, type ReactNode } from 'react';

/** Puts a question (the dialog `useConfirm()` renders) on screen. */
export type Show = (question: ReactNode) => void;

export const ConfirmHostContext = createContext<Show | null>(null);

/**
 * Hosts the dialog that `useConfirm()` opens; SalaProvider includes one. It only holds the
 * question on screen: the dialog and its answers live with `useConfirm()` (another module), so
 * that a page which never asks does not carry them.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<ReactNode>(null);
  return (
    <ConfirmHostContext.Provider value={setQuestion}>
      {children}
      {question}
    </ConfirmHostContext.Provider>
  );
}
