import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SaveQueue,
  cellKey,
  type CellKey,
  type CellValue,
  type OutgoingCell,
  type QueueState,
  type SendResult,
} from './saveQueue.js';

const score = (n: number | null, note = ''): CellValue => ({ score: n, absent: false, note });
const absent: CellValue = { score: null, absent: true, note: '' };
const key = (student: number, subject = 1) => cellKey(`st${student}`, `sub${subject}`);

/** A send whose answers the test gives one by one, recording every batch. */
function controlledSend() {
  const batches: OutgoingCell[][] = [];
  const answers: ((result: SendResult) => void)[] = [];
  const send = (cells: OutgoingCell[]) => {
    batches.push(cells);
    return new Promise<SendResult>((resolve) => answers.push(resolve));
  };
  /** Answers the oldest unanswered request and lets the queue settle. */
  const answer = async (result: SendResult = { kind: 'saved' }) => {
    answers.shift()!(result);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { send, batches, answer, open: () => answers.length };
}

describe('SaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(saved: [CellKey, CellValue][] = [], batchSize = 20) {
    const server = controlledSend();
    const states: QueueState[] = [];
    const queue = new SaveQueue({
      send: server.send,
      saved: new Map(saved),
      batchSize,
      onChange: (state) => states.push(state),
    });
    return { queue, server, states };
  }

  it('sends one batch 800 ms after the last edit, with what was saved before', async () => {
    const { queue, server } = setup([[key(2), score(7)]]);
    queue.edit(key(1), score(8));
    await vi.advanceTimersByTimeAsync(500);
    queue.edit(key(2), absent);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.batches).toHaveLength(0);
    expect(queue.state()).toMatchObject({ phase: 'idle', unsaved: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(server.batches).toHaveLength(1);
    expect(server.batches[0]).toEqual([
      expect.objectContaining({
        studentId: 'st1',
        subjectId: 'sub1',
        score: 8,
        absent: false,
        was: { score: null, absent: false },
      }),
      expect.objectContaining({
        studentId: 'st2',
        score: null,
        absent: true,
        was: { score: 7, absent: false },
      }),
    ]);
    expect(queue.state()).toMatchObject({ phase: 'saving', unsaved: 2 });
    await server.answer();
    expect(queue.state()).toMatchObject({ phase: 'idle', unsaved: 0 });
    expect(queue.savedValue(key(2))).toEqual(absent);
  });

  it('sends at once when the batch size is reached', async () => {
    const { queue, server } = setup([], 3);
    queue.edit(key(1), score(1));
    queue.edit(key(2), score(2));
    expect(server.batches).toHaveLength(0);
    queue.edit(key(3), score(3));
    expect(server.batches).toHaveLength(1);
    expect(server.batches[0]).toHaveLength(3);
  });

  it('keeps one request in flight; edits made meanwhile, of the same cell too, go after it', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.open()).toBe(1);
    // The teacher goes on typing on a slow network.
    queue.edit(key(1), score(6));
    queue.edit(key(2), score(9));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.batches).toHaveLength(1);
    expect(queue.state()).toMatchObject({ phase: 'saving', unsaved: 2 });
    await server.answer();
    // The quiet time is long over: the waiting edits go at once, `was` the value just saved.
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1]).toEqual([
      expect.objectContaining({ studentId: 'st1', score: 6, was: { score: 5, absent: false } }),
      expect.objectContaining({ studentId: 'st2', score: 9 }),
    ]);
    await server.answer();
    expect(queue.state()).toMatchObject({ phase: 'idle', unsaved: 0 });
    expect(queue.savedValue(key(1))).toEqual(score(6));
  });

  it('sends a cell typed back to its old value while its change was on the way', async () => {
    const { queue, server } = setup([[key(1), score(4)]]);
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    queue.edit(key(1), score(4));
    expect(queue.state().unsaved).toBe(1);
    await server.answer();
    await vi.advanceTimersByTimeAsync(800);
    expect(server.batches[1]).toEqual([
      expect.objectContaining({ score: 4, was: { score: 5, absent: false } }),
    ]);
  });

  it('never sends an invalid cell, and forgets the valid value it had before', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    queue.edit(key(1), 'invalid');
    queue.edit(key(2), score(3));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.batches).toHaveLength(1);
    expect(server.batches[0]!.map((c) => c.studentId)).toEqual(['st2']);
    await server.answer();
    expect(queue.state()).toMatchObject({ unsaved: 0, invalid: 1 });
    expect(queue.dirty).toBe(true);
    // Fixed: it is sent like any edit.
    queue.edit(key(1), score(2));
    expect(queue.state().invalid).toBe(0);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.batches[1]!.map((c) => c.studentId)).toEqual(['st1']);
  });

  it('drops an edit typed back to the saved value before it was sent', async () => {
    const { queue, server } = setup([[key(1), score(4)]]);
    queue.edit(key(1), score(5));
    queue.edit(key(1), score(4));
    expect(queue.state().unsaved).toBe(0);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.batches).toHaveLength(0);
  });

  it('keeps a batch refused as a conflict, drops the cells someone else changed on rebase', async () => {
    const { queue, server } = setup([
      [key(1), score(4)],
      [key(2), score(6)],
    ]);
    queue.edit(key(1), score(5));
    queue.edit(key(2), score(7));
    await vi.advanceTimersByTimeAsync(800);
    await server.answer({ kind: 'conflict' });
    expect(queue.state()).toMatchObject({ phase: 'conflict', unsaved: 2 });
    // Nothing more is sent until fresh data arrives.
    queue.edit(key(3), score(1));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.batches).toHaveLength(1);
    // Someone else had set student 1 to 9; student 2 is as we saw it.
    const { overwritten } = queue.rebase(
      new Map([
        [key(1), score(9)],
        [key(2), score(6)],
      ]),
    );
    expect(overwritten).toEqual([key(1)]);
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1]).toEqual([
      expect.objectContaining({ studentId: 'st2', score: 7, was: { score: 6, absent: false } }),
      expect.objectContaining({ studentId: 'st3', score: 1, was: { score: null, absent: false } }),
    ]);
    await server.answer();
    expect(queue.state()).toMatchObject({ phase: 'idle', unsaved: 0 });
    expect(queue.savedValue(key(1))).toEqual(score(9));
  });

  it('marks the cells the server refused, and sends the rest of the batch again', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    queue.edit(key(2), score(70));
    await vi.advanceTimersByTimeAsync(800);
    await server.answer({ kind: 'rejected', cells: { [key(2)]: 'SCORE_ABOVE_MAX' } });
    expect(queue.state().rejected).toEqual({ [key(2)]: 'SCORE_ABOVE_MAX' });
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1]!.map((c) => c.studentId)).toEqual(['st1']);
    await server.answer();
    expect(queue.state()).toMatchObject({ phase: 'idle', unsaved: 0 });
    // Editing the refused cell clears its mark.
    queue.edit(key(2), score(7));
    expect(queue.state().rejected).toEqual({});
  });

  it('waits offline and sends when the network is back, the newest edit winning', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    queue.edit(key(1), score(6));
    await server.answer({ kind: 'offline' });
    expect(queue.state()).toMatchObject({ phase: 'offline', unsaved: 1 });
    queue.setOnline(false);
    queue.setOnline(true);
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1]).toEqual([expect.objectContaining({ score: 6 })]);
  });

  it('tries again by itself after a network failure', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    await server.answer({ kind: 'offline' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.batches).toHaveLength(2);
  });

  it('stops on an error until retried, keeping the edits', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    await server.answer({ kind: 'failed', code: 'SERVER_ERROR' });
    expect(queue.state()).toMatchObject({ phase: 'error', error: 'SERVER_ERROR', unsaved: 1 });
    queue.edit(key(2), score(1));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.batches).toHaveLength(1);
    queue.retry();
    expect(server.batches).toHaveLength(2);
    expect(server.batches[1]).toHaveLength(2);
  });

  it('drains: resolves true once everything is saved, false when saving stops', async () => {
    const { queue, server } = setup();
    queue.edit(key(1), score(5));
    const drained = queue.drain();
    expect(server.batches).toHaveLength(1);
    await server.answer();
    await expect(drained).resolves.toBe(true);

    queue.edit(key(2), score(5));
    const stopped = queue.drain();
    await server.answer({ kind: 'failed', code: 'SERVER_ERROR' });
    await expect(stopped).resolves.toBe(false);
  });

  it('does not send while the browser is offline', async () => {
    const { queue, server } = setup();
    queue.setOnline(false);
    queue.edit(key(1), score(5));
    await vi.advanceTimersByTimeAsync(800);
    expect(server.batches).toHaveLength(0);
    expect(queue.state().phase).toBe('offline');
    queue.setOnline(true);
    expect(server.batches).toHaveLength(1);
  });

  it('drops edits of cells that may no longer be written on rebase', async () => {
    const { queue, server } = setup();
    queue.edit(key(1, 1), score(5));
    queue.edit(key(1, 2), score(5));
    await vi.advanceTimersByTimeAsync(800);
    await server.answer({ kind: 'failed', code: 'SCORES_PUBLISHED' });
    const { dropped } = queue.rebase(new Map(), (k) => !k.endsWith(':sub2'));
    expect(dropped).toEqual([key(1, 2)]);
    expect(server.batches[1]!.map((c) => c.subjectId)).toEqual(['sub1']);
  });
});
