import type { CreateStaffAccountsResponse } from '@sala/contract';
import { useSyncExternalStore } from 'react';

/** The accounts just made, with their temporary passwords, and who made them. */
export interface NewAccounts extends CreateStaffAccountsResponse {
  /** The signed-in user who made them: nobody else signing in on this tab sees them. */
  createdBy: string;
}

// Kept in this tab's memory only (never in storage, the URL or the history's state): the
// temporary passwords are shown once, on the slips page, and are gone with a reload.
let current: NewAccounts | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Keeps the accounts just made for their slips (replacing any kept before). */
export function keepNewAccounts(accounts: NewAccounts): void {
  current = accounts;
  notify();
}

/** Forgets the temporary passwords (the slips are printed, or the user is done). */
export function forgetNewAccounts(): void {
  current = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The accounts this user just made, if this tab still holds them. */
export function useNewAccounts(userId: string | undefined): NewAccounts | null {
  const accounts = useSyncExternalStore(subscribe, () => current);
  return accounts && accounts.createdBy === userId ? accounts : null;
}
