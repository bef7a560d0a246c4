import type { SaveSheetRequest, SaveSheetResponse } from '@sala/contract';
import { ApiError, type HttpClient } from '../../api/http.js';

/** A sheet saved on this device and not yet accepted by the server. */
export interface QueuedSheet {
  request: SaveSheetRequest;
  /** Who saved it: on a shared phone, only they send it (as themselves). */
  userId: string;
  /** The class's names, so the waiting list can say which sheet it is without the network. */
  className: { nameKm: string; nameEn: string };
  queuedAt: string;
}

/** Where queued sheets are kept: IndexedDB in the browser, a Map where it is missing. */
export interface SheetStore {
  put(entry: QueuedSheet): Promise<void>;
  remove(id: string): Promise<void>;
  list(): Promise<QueuedSheet[]>;
}

const DB_NAME = 'sala-attendance';
const STORE = 'queue';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** The sheets in IndexedDB, keyed by sheet id: saving the same sheet again replaces it. */
export function indexedDbStore(factory: IDBFactory): SheetStore {
  let opened: Promise<IDBDatabase> | undefined;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'request.id' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    }));
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    promised(work((await db()).transaction(STORE, mode).objectStore(STORE)));
  return {
    put: async (entry) => void (await run('readwrite', (s) => s.put(entry))),
    remove: async (id) => void (await run('readwrite', (s) => s.delete(id))),
    list: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedSheet[]>),
  };
}

/** A store for this page's life only (private windows without IndexedDB, tests). */
export function memoryStore(): SheetStore {
  const entries = new Map<string, QueuedSheet>();
  return {
    put: async (entry) => void entries.set(entry.request.id, structuredClone(entry)),
    remove: async (id) => void entries.delete(id),
    list: async () => [...entries.values()].map((entry) => structuredClone(entry)),
  };
}

let shared: SheetStore | undefined;

/** The device's queue: IndexedDB when it opens, else memory (the sheet is still sent now). */
export function deviceStore(): SheetStore {
  if (shared) return shared;
  const fallback = memoryStore();
  if (typeof indexedDB === 'undefined') return (shared = fallback);
  const db = indexedDbStore(indexedDB);
  let usable: Promise<SheetStore> | undefined;
  const pick = () =>
    (usable ??= db.list().then(
      () => db,
      () => fallback,
    ));
  shared = {
    put: async (entry) => (await pick()).put(entry),
    remove: async (id) => (await pick()).remove(id),
    list: async () => (await pick()).list(),
  };
  return shared;
}

/** What became of one send: accepted, kept for later, or refused for good. */
export type SendOutcome =
  | { kind: 'sent'; response: SaveSheetResponse }
  | { kind: 'waiting'; error: unknown }
  | { kind: 'refused'; error: ApiError };

/**
 * Whether a failure may pass with time: no network, a server error, a signed-out session or a
 * busy server. Anything else the server refused for good (locked, forbidden, invalid marks) and
 * sending it again would be refused again.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.code === 'NETWORK' ||
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429
  );
}

/**
 * Sends one queued sheet and settles its place in the queue: accepted or refused sheets leave
 * it, the others stay for the next try. The server is idempotent by sheet id, so a sheet sent
 * twice (a retry whose first answer was lost) is counted once.
 */
export async function sendQueued(
  http: HttpClient,
  store: SheetStore,
  entry: QueuedSheet,
): Promise<SendOutcome> {
  try {
    const response = await http.call('postAttendanceSheets', { body: entry.request });
    await store.remove(entry.request.id);
    return { kind: 'sent', response };
  } catch (error) {
    if (isTransient(error)) return { kind: 'waiting', error };
    await store.remove(entry.request.id);
    return { kind: 'refused', error: error as ApiError };
  }
}

/** The queued sheet of a class, day, shift and period, if one waits. */
export function queuedFor(
  entries: readonly QueuedSheet[],
  key: { classId: string; date: string; session: string; periodId?: string | undefined },
): QueuedSheet | undefined {
  return entries.find(
    ({ request }) =>
      request.classId === key.classId &&
      request.date === key.date &&
      request.session === key.session &&
      (request.periodId ?? null) === (key.periodId ?? null),
  );
}

/** The marks a save changed from what its sender saw (those sent with `was`). */
export function changedMarks(request: SaveSheetRequest): SaveSheetRequest['marks'] {
  return request.marks.filter(
    ({ status, minutesLate, was }) =>
      was !== undefined &&
      (was.status !== status ||
        (status === 'late' && (was.minutesLate ?? null) !== (minutesLate ?? null))),
  );
}
