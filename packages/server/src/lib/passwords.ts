import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: m=19 MiB, t=2, p=1.
const options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing runs on the thread pool, but each hash keeps a core busy for tens of
 * milliseconds: at most (cores - 1) run at once, so one core always stays free for the event
 * loop (token refreshes and every other request) during a rush of sign-ins.
 */
const lanes = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running >= lanes) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return inLane(() => hash(password, options));
}

/** Verifies a password; a malformed stored hash counts as a mismatch, never as an error. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await inLane(() => verify(storedHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to verify against when the account does not exist, so that an unknown username takes
 * as long to refuse as a wrong password and the answer time does not reveal who has an account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('sala-no-such-account');
  return dummyHash;
}
