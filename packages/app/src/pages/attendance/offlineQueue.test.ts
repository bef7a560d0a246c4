import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../api/http.js';
import {
  changedMarks,
  memoryStore,
  queuedFor,
  sendQueued,
  type QueuedSheet,
} from './offlineQueue.js';

const entry: QueuedSheet = {
  request: {
    id: '00000000-0000-4000-8000-000000009001',
    classId: '00000000-0000-4000-8000-000000000701',
    date: '2026-11-21',
    session: 'morning',
    marks: [{ studentId: '00000000-0000-4000-8000-000000002000', status: 'absent' }],
  },
  userId: 'teacher',
  className: { nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' },
  queuedAt: '2026-11-21T00:10:00.000Z',
};

/** The app's HTTP client over a fetch that answers every call the same way. */
const clientAnswering = (answer: () => Promise<Response>) =>
  createHttpClient({
    baseUrl: () => '',
    bearer: () => undefined,
    language: () => 'en',
    fetch: answer,
  });
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

async function sendWith(answer: () => Promise<Response>) {
  const store = memoryStore();
  await store.put(entry);
  const outcome = await sendQueued(clientAnswering(answer), store, entry);
  return { outcome, left: await store.list() };
}

describe('the offline queue', () => {
  it('lets go of a sheet the server accepted', async () => {
    const { outcome, left } = await sendWith(() =>
      json(200, { sheet: {}, keptCorrections: 1, duplicate: false, message: 'Saved' }),
    );
    expect(outcome.kind).toBe('sent');
    expect(left).toEqual([]);
  });

  it('keeps a sheet while there is no network or the server fails', async () => {
    const offline = await sendWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.outcome.kind).toBe('waiting');
    expect(offline.left).toHaveLength(1);
    const failing = await sendWith(() =>
      json(500, { success: false, code: 'SERVER_ERROR', message: 'Server error' }),
    );
    expect(failing.outcome.kind).toBe('waiting');
    expect(failing.left).toHaveLength(1);
  });

  it('drops a sheet the server refused, with the reason, instead of retrying it forever', async () => {
    const { outcome, left } = await sendWith(() =>
      json(403, { success: false, code: 'ATTENDANCE_LOCKED', message: 'Locked' }),
    );
    expect(outcome.kind).toBe('refused');
    expect(outcome.kind === 'refused' && outcome.error.code).toBe('ATTENDANCE_LOCKED');
    expect(left).toEqual([]);
  });

  it('drops a sheet refused because someone else changed its marks, keeping what its sender changed', async () => {
    const { outcome, left } = await sendWith(() =>
      json(409, {
        success: false,
        code: 'ATTENDANCE_CONFLICT',
        message: 'Someone else changed some of these marks',
        fieldErrors: { 'marks.0': ['ATTENDANCE_CONFLICT'] },
      }),
    );
    expect(outcome.kind === 'refused' && outcome.error.code).toBe('ATTENDANCE_CONFLICT');
    expect(left).toEqual([]);
    const student = (n: number) => `00000000-0000-4000-8000-00000000200${n}`;
    const changed = changedMarks({
      ...entry.request,
      marks: [
        { studentId: student(0), status: 'absent', was: { status: 'present' } },
        { studentId: student(1), status: 'present', was: { status: 'present' } },
        {
          studentId: student(2),
          status: 'late',
          minutesLate: 10,
          was: { status: 'late', minutesLate: 5 },
        },
        {
          studentId: student(3),
          status: 'late',
          minutesLate: 5,
          was: { status: 'late', minutesLate: 5 },
        },
        { studentId: student(4), status: 'absent' },
      ],
    });
    expect(changed.map((mark) => mark.studentId)).toEqual([student(0), student(2)]);
  });

  it("finds a slot's waiting sheet by class, day, shift and period", () => {
    const key = { classId: entry.request.classId, date: '2026-11-21', session: 'morning' };
    expect(queuedFor([entry], key)).toBe(entry);
    expect(queuedFor([entry], { ...key, session: 'afternoon' })).toBeUndefined();
    expect(
      queuedFor([entry], { ...key, periodId: '00000000-0000-4000-8000-000000000501' }),
    ).toBeUndefined();
  });
});
