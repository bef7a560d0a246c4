import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

// OWASP's argon2id recommendation: m=19 MiB, t=2, p=1.
const options = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, which isolated modules cannot read)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Each hash keeps a core busy for tens of milliseconds. They run on threads of their own, at
 * most (cores - 1), off the event loop and off libuv's pool (which file reads share). A server
 * may also ask the operating system to run those threads at the lowest priority
 * (`lowerHashingPriority`, SALA_LOW_PRIORITY_HASHING=1): during a rush of sign-ins the event
 * loop (token refreshes and every other request) then wins a core at once, and the hashes take
 * the CPU it leaves. It is off by default: on a machine shared with other work, the hashes would
 * wait for all of it, and sign-ins with them (bench/login measured it). Only Linux sets a
 * thread's priority on its own; elsewhere the threads keep the process's.
 */
const lanes = Math.max(1, os.availableParallelism() - 1);
/** The niceness asked for the hashing threads of a server process: the lowest priority. */
const BACKGROUND_NICENESS = 19;
let niceness = 0;

/**
 * Runs password hashing at the lowest priority from now on (threads started after this call,
 * so a server asks at start).
 */
export function lowerHashingPriority(): void {
  niceness = BACKGROUND_NICENESS;
}

/** The hashing thread's code: CommonJS, given the path of @node-rs/argon2 to load. */
const laneSource = `
const fs = require('node:fs');
const os = require('node:os');
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.niceness > 0) {
  try {
    // '/proc/thread-self' links to '<pid>/task/<tid>': Linux sets a thread's priority by its id.
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, workerData.niceness);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ kind, password, hash, options }) => {
  try {
    const result =
      kind === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(hash, password);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Job =
  | { kind: 'hash'; password: string; options: typeof options }
  | { kind: 'verify'; hash: string; password: string };

interface Pending {
  job: Job;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

class HashingLane {
  private worker: Worker | undefined;
  private current: Pending | undefined;

  constructor(private readonly next: () => Pending | undefined) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  run(pending: Pending): void {
    this.current = pending;
    const worker = (this.worker ??= this.start());
    // A job in progress keeps the process alive; an idle lane does not.
    worker.ref();
    worker.postMessage(pending.job);
  }

  private start(): Worker {
    const worker = new Worker(laneSource, {
      eval: true,
      workerData: {
        argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
        niceness,
      },
    });
    worker.on('message', (answer: { result?: unknown; error?: string }) => {
      const done = this.current;
      this.current = undefined;
      if (answer.error !== undefined) done?.reject(new Error(answer.error));
      else done?.resolve(answer.result);
      this.continue();
    });
    worker.on('error', (error) => this.lose(error));
    worker.on('exit', (code) => this.lose(new Error(`the hashing thread exited with ${code}`)));
    return worker;
  }

  /** The thread died: its job fails, and the next job starts a new thread. */
  private lose(error: Error): void {
    if (!this.worker) return;
    this.worker = undefined;
    const done = this.current;
    this.current = undefined;
    done?.reject(error);
    this.continue();
  }

  private continue(): void {
    const pending = this.next();
    if (pending) this.run(pending);
    else this.worker?.unref();
  }
}

const waiting: Pending[] = [];
const pool = Array.from({ length: lanes }, () => new HashingLane(() => waiting.shift()));

function onLane<T>(job: Job): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const pending: Pending = { job, resolve: resolve as (result: unknown) => void, reject };
    const idle = pool.find((lane) => !lane.busy);
    if (idle) idle.run(pending);
    else waiting.push(pending);
  });
}

export function hashPassword(password: string): Promise<string> {
  return onLane<string>({ kind: 'hash', password, options });
}

/** Verifies a password; a malformed stored hash counts as a mismatch, never as an error. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await onLane<boolean>({ kind: 'verify', hash: storedHash, password });
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
