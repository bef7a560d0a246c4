import { SCORE_BATCH_MAX } from '@sala/contract';

/** What one gradebook cell holds: a score, or absent (score null); a note either way. */
export interface CellValue {
  score: number | null;
  absent: boolean;
  note: string;
}

/** A cell's place: `<studentId>:<subjectId>`. */
export type CellKey = string;

export const cellKey = (studentId: string, subjectId: string): CellKey =>
  `${studentId}:${subjectId}`;

export function splitKey(key: CellKey): { studentId: string; subjectId: string } {
  const [studentId = '', subjectId = ''] = key.split(':');
  return { studentId, subjectId };
}

export const EMPTY_CELL: CellValue = { score: null, absent: false, note: '' };

export const sameCell = (a: CellValue | undefined, b: CellValue | undefined): boolean =>
  (a ?? EMPTY_CELL).score === (b ?? EMPTY_CELL).score &&
  (a ?? EMPTY_CELL).absent === (b ?? EMPTY_CELL).absent &&
  (a ?? EMPTY_CELL).note === (b ?? EMPTY_CELL).note;

/** One cell of a batch, with what the sender last saw there (the server refuses a stale one). */
export interface OutgoingCell extends CellValue {
  key: CellKey;
  studentId: string;
  subjectId: string;
  was: { score: number | null; absent: boolean };
}

/** How the server answered a batch. */
export type SendResult =
  | { kind: 'saved' }
  /** The request never reached the server: try again when the network is back. */
  | { kind: 'offline' }
  /** Some cells were refused (their error code by key); the batch saved nothing. */
  | { kind: 'rejected'; cells: Record<CellKey, string> }
  /** Someone else changed a cell since it was read; the batch saved nothing. */
  | { kind: 'conflict' }
  /** Any other refusal (published meanwhile, no right, server error): nothing saved. */
  | { kind: 'failed'; code: string };

export type QueuePhase = 'idle' | 'saving' | 'offline' | 'error' | 'conflict';

/** What the screen shows of the queue. */
export interface QueueState {
  phase: QueuePhase;
  /** Valid edits not saved yet (waiting, or in the request under way). */
  unsaved: number;
  /** Cells whose text is not a valid value: kept on screen, never sent. */
  invalid: number;
  /** Those cells, in the order they were typed. */
  invalidCells: readonly CellKey[];
  /** Cells the server refused, with the reason's error code: not sent again until edited. */
  rejected: Readonly<Record<CellKey, string>>;
  /** The error code of a failed save (phase `error`). */
  error: string | null;
}

export interface SaveQueueOptions {
  /** Sends one batch; never more than one at a time. */
  send: (cells: OutgoingCell[]) => Promise<SendResult>;
  /** What the server holds now, by cell (a missing cell is empty). */
  saved?: ReadonlyMap<CellKey, CellValue>;
  /** Quiet time after the last edit before a batch goes. */
  delayMs?: number;
  /** A batch goes at once when this many cells are waiting. */
  batchSize?: number;
  /** After a network failure, the next try (the browser's `online` event tries sooner). */
  retryMs?: number;
  /** Called after every change of what `state()` returns, and with the cells each save stored. */
  onChange?: (state: QueueState) => void;
  onSaved?: (cells: ReadonlyMap<CellKey, CellValue>) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const SAVE_DELAY_MS = 800;
export const SAVE_BATCH_SIZE = 20;
export const RETRY_MS = 15_000;

/**
 * The gradebook's autosave. Edits wait in a queue; a batch goes ~800 ms after the last edit, or
 * at once when `batchSize` cells are waiting. Only one request is under way at a time: an edit
 * made meanwhile (even of a cell being sent) waits and goes in the next batch, so nothing typed
 * on a slow network is lost or overtaken. Each cell carries `was`, the value last saved, so the
 * server can refuse a batch that would overwrite someone else's change. Invalid cells are never
 * sent; a refused batch goes back in the queue (but for the refused cells) and waits for the
 * network, a retry, or fresh data from the server (`rebase`).
 */
export class SaveQueue {
  private readonly saved = new Map<CellKey, CellValue>();
  private readonly pending = new Map<CellKey, CellValue>();
  private readonly invalidKeys = new Set<CellKey>();
  private rejectedCells: Record<CellKey, string> = {};
  private flight: Map<CellKey, CellValue> | null = null;
  private flightDone: Promise<void> | null = null;
  private phase: Exclude<QueuePhase, 'saving'> = 'idle';
  private error: string | null = null;
  private online = true;
  private timer: unknown = null;
  private retryTimer: unknown = null;
  private disposed = false;
  private readonly delayMs: number;
  private readonly batchSize: number;
  private readonly retryMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: SaveQueueOptions) {
    for (const [key, value] of options.saved ?? []) this.saved.set(key, value);
    this.delayMs = options.delayMs ?? SAVE_DELAY_MS;
    this.batchSize = options.batchSize ?? SAVE_BATCH_SIZE;
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer =
      options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  state(): QueueState {
    let unsaved = this.pending.size;
    for (const key of this.flight?.keys() ?? []) if (!this.pending.has(key)) unsaved += 1;
    return {
      phase: this.flight ? 'saving' : this.phase,
      unsaved,
      invalid: this.invalidKeys.size,
      invalidCells: [...this.invalidKeys],
      rejected: this.rejectedCells,
      error: this.error,
    };
  }

  /** Whether leaving now would lose something. */
  get dirty(): boolean {
    const { unsaved, invalid } = this.state();
    return unsaved > 0 || invalid > 0;
  }

  /** The value the server holds for a cell, as far as this queue knows. */
  savedValue(key: CellKey): CellValue {
    return this.saved.get(key) ?? EMPTY_CELL;
  }

  /** A cell's new value, or `'invalid'` when its text cannot be saved (it is kept out). */
  edit(key: CellKey, value: CellValue | 'invalid'): void {
    if (key in this.rejectedCells) {
      const { [key]: _dropped, ...rest } = this.rejectedCells;
      this.rejectedCells = rest;
    }
    if (value === 'invalid') {
      this.invalidKeys.add(key);
      this.pending.delete(key);
    } else {
      this.invalidKeys.delete(key);
      // Back to what the server holds: nothing to send, unless a different value is on its way.
      if (sameCell(value, this.savedValue(key)) && !this.flight?.has(key)) this.pending.delete(key);
      else this.pending.set(key, value);
    }
    this.schedule();
    this.changed();
  }

  /** Sends what is waiting now, without waiting for the quiet time. */
  flushNow(): void {
    this.stopTimer();
    void this.flush();
  }

  /** Tries again after a failure (the error's Retry, the network back). */
  retry(): void {
    if (this.phase !== 'idle') {
      this.phase = 'idle';
      this.error = null;
      this.changed();
    }
    this.flushNow();
  }

  /** The browser's online state: offline, nothing is sent; back online, the queue goes. */
  setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    if (online && this.phase === 'offline') this.retry();
    else if (!online && !this.flight && this.pending.size > 0) {
      this.phase = 'offline';
      this.changed();
    }
  }

  /**
   * Sends everything waiting and resolves once it is saved (true), or false when saving stopped
   * (offline, refused, invalid cells left).
   */
  async drain(): Promise<boolean> {
    this.stopTimer();
    for (;;) {
      if (this.flightDone) {
        await this.flightDone;
        continue;
      }
      if (this.pending.size === 0) break;
      if (this.phase !== 'idle' || !this.online) return false;
      await this.flush();
    }
    return this.invalidKeys.size === 0 && Object.keys(this.rejectedCells).length === 0;
  }

  /**
   * Takes the server's fresh data (after a conflict or a reload). A waiting edit of a cell that
   * someone else changed meanwhile is dropped, so theirs is not overwritten blindly: the keys of
   * those cells are returned for the screen to show the server's value. Edits of cells that may
   * no longer be written (`writable`) are dropped too. The rest is sent again with the new `was`.
   */
  rebase(
    server: ReadonlyMap<CellKey, CellValue>,
    writable: (key: CellKey) => boolean = () => true,
  ): { overwritten: CellKey[]; dropped: CellKey[] } {
    const overwritten: CellKey[] = [];
    const dropped: CellKey[] = [];
    for (const [key, value] of this.pending) {
      if (!writable(key)) {
        this.pending.delete(key);
        dropped.push(key);
      } else if (!sameCell(server.get(key), this.savedValue(key))) {
        this.pending.delete(key);
        overwritten.push(key);
      } else if (sameCell(value, server.get(key))) {
        this.pending.delete(key);
      }
    }
    for (const key of this.invalidKeys) {
      if (!writable(key)) {
        this.invalidKeys.delete(key);
        dropped.push(key);
      }
    }
    this.saved.clear();
    for (const [key, value] of server) this.saved.set(key, value);
    if (this.phase === 'conflict' || this.phase === 'error') {
      this.phase = 'idle';
      this.error = null;
    }
    this.changed();
    if (this.pending.size > 0) this.flushNow();
    return { overwritten, dropped };
  }

  /** Lets the queue send (again, after `stop`). */
  start(): void {
    this.disposed = false;
    if (this.pending.size > 0 && this.phase === 'idle') this.schedule();
  }

  /** Stops the timers; a request under way still settles, but nothing new is sent. */
  stop(): void {
    this.disposed = true;
    this.stopTimer();
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private schedule(): void {
    if (this.pending.size >= this.batchSize) {
      this.flushNow();
      return;
    }
    this.stopTimer();
    if (this.pending.size === 0) return;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private changed(): void {
    this.options.onChange?.(this.state());
  }

  private flush(): Promise<void> {
    if (this.disposed || this.flight) return this.flightDone ?? Promise.resolve();
    if (this.phase !== 'idle') return Promise.resolve();
    if (!this.online) {
      if (this.pending.size > 0) {
        this.phase = 'offline';
        this.changed();
      }
      return Promise.resolve();
    }
    const batch = new Map<CellKey, CellValue>();
    for (const [key, value] of this.pending) {
      this.pending.delete(key);
      if (sameCell(value, this.savedValue(key))) continue;
      batch.set(key, value);
      if (batch.size >= SCORE_BATCH_MAX) break;
    }
    if (batch.size === 0) {
      this.changed();
      return Promise.resolve();
    }
    this.flight = batch;
    const cells: OutgoingCell[] = [...batch].map(([key, value]) => {
      const was = this.savedValue(key);
      return {
        key,
        ...splitKey(key),
        ...value,
        was: { score: was.score, absent: was.absent },
      };
    });
    this.changed();
    this.flightDone = this.options
      .send(cells)
      .catch((): SendResult => ({ kind: 'failed', code: 'UNKNOWN' }))
      .then((result) => this.settle(batch, result));
    return this.flightDone;
  }

  /** Puts a batch's cells back in the queue, unless a newer edit of the cell is waiting. */
  private putBack(batch: ReadonlyMap<CellKey, CellValue>, except: Set<CellKey> = new Set()) {
    for (const [key, value] of batch) {
      if (except.has(key) || this.pending.has(key) || this.invalidKeys.has(key)) continue;
      this.pending.set(key, value);
    }
  }

  private settle(batch: Map<CellKey, CellValue>, result: SendResult): void {
    this.flight = null;
    this.flightDone = null;
    switch (result.kind) {
      case 'saved':
        for (const [key, value] of batch) this.saved.set(key, value);
        // A cell edited back to its new saved value while it was on its way: nothing to send.
        for (const [key, value] of this.pending)
          if (sameCell(value, this.savedValue(key))) this.pending.delete(key);
        this.options.onSaved?.(batch);
        break;
      case 'offline':
        this.putBack(batch);
        this.phase = 'offline';
        if (!this.disposed) {
          if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
          this.retryTimer = this.setTimer(() => {
            this.retryTimer = null;
            if (this.phase === 'offline') this.retry();
          }, this.retryMs);
        }
        break;
      case 'rejected': {
        const refused = new Set(Object.keys(result.cells).filter((key) => batch.has(key)));
        for (const key of refused) {
          // A newer edit of a refused cell replaces the refusal.
          if (this.pending.has(key) || this.invalidKeys.has(key)) refused.delete(key);
        }
        const codes = Object.fromEntries([...refused].map((key) => [key, result.cells[key]!]));
        this.rejectedCells = { ...this.rejectedCells, ...codes };
        this.putBack(batch, refused);
        // A refusal that names no cell of the batch would come back forever: stop and say so.
        if (refused.size === 0) {
          this.phase = 'error';
          this.error = 'INVALID_VALUE';
        }
        break;
      }
      case 'conflict':
        this.putBack(batch);
        this.phase = 'conflict';
        break;
      case 'failed':
        this.putBack(batch);
        this.phase = 'error';
        this.error = result.code;
        break;
    }
    this.changed();
    // Edits made while the batch was on its way go now if their quiet time is already over.
    if (this.phase === 'idle' && this.pending.size > 0 && this.timer === null && !this.disposed) {
      void this.flush();
    }
  }
}
