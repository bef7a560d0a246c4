import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import type { Database } from '../db/client.js';
import {
  backoffDelay,
  JobRunner,
  type ClaimedJob,
  type JobQueue,
  type JobRunnerOptions,
  type JobTable,
} from './jobs.js';

/** A queue's table as the runner sees it, kept for these tests only. */
const table: JobTable = {
  name: 'runner_test_jobs',
  tenant: 'school_id',
  status: 'status',
  waiting: 'waiting',
  working: 'working',
  failed: 'failed',
  leaseUntil: 'lease_until',
  createdAt: 'created_at',
  claimedBy: 'claimed_by',
  startedAt: 'started_at',
  attempts: 'attempts',
  dueAt: 'due_at',
  lastError: 'last_error',
};

interface Row {
  label: string;
  status: string;
  attempts: number;
  claimed_by: string | null;
  last_error: string | null;
  due_in_ms: number;
}

describe('the job runner', () => {
  let database: Database;
  let added = 0;

  const add = async (schoolId: string, label: string) => {
    added += 1;
    await database.db.execute(sql`
      insert into runner_test_jobs (school_id, label, created_at)
      values (${schoolId}, ${label}, now() - make_interval(secs => ${1000 - added}))`);
  };
  const rows = async (): Promise<Row[]> => {
    const result = await database.db.execute(sql`
      select label, status, attempts, claimed_by, last_error,
        (extract(epoch from due_at - now()) * 1000)::int as due_in_ms
      from runner_test_jobs order by label`);
    return (result as unknown as { rows: Row[] }).rows;
  };
  /** A runner whose jobs write down their labels, in the order done. */
  const runner = (done: string[], options: JobRunnerOptions = {}, perform?: JobQueue['perform']) =>
    new JobRunner(
      database.db,
      {
        name: 'test jobs',
        table,
        perform:
          perform ??
          (async (jobs) => {
            for (const job of jobs) done.push(String(job.row.label));
            for (const job of jobs) {
              await database.db.execute(
                sql`update runner_test_jobs set status = 'done', lease_until = null where id = ${job.id}`,
              );
            }
          }),
      },
      { owner: `owner-${Math.random()}`, ...options },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      create table runner_test_jobs (
        id uuid primary key default gen_random_uuid(),
        school_id text not null,
        label text not null,
        status text not null default 'waiting',
        lease_until timestamptz,
        claimed_by text,
        started_at timestamptz,
        attempts integer not null default 0,
        due_at timestamptz not null default now(),
        last_error text,
        created_at timestamptz not null default now()
      )`);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.execute(sql`delete from runner_test_jobs`);
  });

  it('gives each job to one process only, however many ask at once', async () => {
    for (const label of ['a1', 'a2', 'a3', 'a4']) await add('a', label);
    const done: string[] = [];
    const runners = [runner(done), runner(done), runner(done), runner(done)];
    const claimed = await Promise.all(runners.map((r) => r.runOnce()));
    expect(claimed.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(done.sort()).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await runners[0]!.runOnce()).toBe(0);
  });

  it('never takes a job that another process claimed after this claim began', async () => {
    await add('a', 'only');
    const done: string[] = [];
    // This process looks at the queue slowly: another one claims and does the job meanwhile.
    const slow = new JobRunner(
      database.db,
      {
        name: 'slow test jobs',
        table,
        claimable: sql`(select true from pg_sleep(0.6))`,
        perform: async (jobs) => {
          for (const job of jobs) done.push(`slow:${String(job.row.label)}`);
        },
      },
      { owner: 'slow' },
    );
    const slowClaim = slow.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = await runner(done).runOnce();
    expect(quick + (await slowClaim)).toBe(1);
    expect(done).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ attempts: 1 });
  });

  it('takes a job again once the lease of the process holding it ran out', async () => {
    await add('a', 'stale');
    await add('a', 'held');
    await database.db.execute(sql`
      update runner_test_jobs set status = 'working', claimed_by = 'gone', attempts = 1,
        lease_until = case when label = 'stale' then now() - interval '1 second'
          else now() + interval '1 hour' end`);
    const done: string[] = [];
    const mine = runner(done);
    expect(await mine.runOnce()).toBe(1);
    expect(await mine.runOnce()).toBe(0);
    expect(done).toEqual(['stale']);
    const [, stale] = await rows();
    expect(stale).toMatchObject({ label: 'stale', attempts: 2, status: 'done' });
  });

  it('renews the lease of a job while it is held, and knows when it was taken over', async () => {
    await add('a', 'long');
    const answers: boolean[] = [];
    const mine = runner([], {}, async ([job], context) => {
      answers.push(await context.renew(job!));
      await database.db.execute(
        sql`update runner_test_jobs set claimed_by = 'another', attempts = attempts + 1`,
      );
      answers.push(await context.renew(job!));
    });
    await mine.runOnce();
    expect(answers).toEqual([true, false]);
  });

  it('tries a failing job again after a backoff that doubles, then gives it up', async () => {
    await add('a', 'flaky');
    const failing = runner([], { maxAttempts: 3, backoffBaseMs: 60_000 }, async () => {
      throw new Error('the far end is down');
    });
    expect(await failing.runOnce()).toBe(1);
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'waiting', attempts: 1, claimed_by: expect.any(String) });
    expect(first!.last_error).toBe('the far end is down');
    expect(first!.due_in_ms).toBeGreaterThan(55_000);
    expect(first!.due_in_ms).toBeLessThanOrEqual(60_000);
    // Not due yet: not taken.
    expect(await failing.runOnce()).toBe(0);

    await database.db.execute(sql`update runner_test_jobs set due_at = now()`);
    expect(await failing.runOnce()).toBe(1);
    const [second] = await rows();
    expect(second).toMatchObject({ status: 'waiting', attempts: 2 });
    expect(second!.due_in_ms).toBeGreaterThan(115_000);

    await database.db.execute(sql`update runner_test_jobs set due_at = now()`);
    expect(await failing.runOnce()).toBe(1);
    const [last] = await rows();
    expect(last).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await failing.runOnce()).toBe(0);
  });

  it('doubles the backoff up to its ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 100))).toEqual([100, 200, 400, 800]);
    expect(backoffDelay(30, 1000, 5000)).toBe(5000);
  });

  it('serves the school served longest ago first, then the schools in turn within a batch', async () => {
    for (const label of ['a1', 'a2', 'a3']) await add('a', label);
    await add('b', 'b1');
    await add('c', 'c1');
    const done: string[] = [];
    const one = runner(done);
    while ((await one.runOnce()) > 0);
    // a1 is the oldest; then b and c, never served, before a again.
    expect(done).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);

    await database.db.execute(sql`delete from runner_test_jobs`);
    for (const label of ['a1', 'a2', 'a3']) await add('a', label);
    await add('b', 'b1');
    const batch: string[] = [];
    await runner(batch, { batchSize: 2 }).runOnce();
    expect(batch.sort()).toEqual(['a1', 'b1']);
  });

  it('does new work as soon as it is woken, with no poll', async () => {
    const done: string[] = [];
    const background = runner(done);
    background.start();
    try {
      await background.idle();
      await add('a', 'new');
      background.wake();
      await background.idle();
      expect(done).toEqual(['new']);
    } finally {
      await background.stop();
    }
  });

  it('finds work added by another process at its next poll', async () => {
    const done: string[] = [];
    const background = runner(done, { pollMs: 20 });
    background.start();
    try {
      await background.idle();
      await add('a', 'elsewhere');
      await expect.poll(() => done, { timeout: 10_000 }).toEqual(['elsewhere']);
    } finally {
      await background.stop();
    }
  });

  it('stops taking jobs when stopped, once the job in hand is done', async () => {
    await add('a', 'first');
    await add('a', 'second');
    let finish: () => void = () => undefined;
    const started: string[] = [];
    const finished: string[] = [];
    const background = runner([], { pollMs: 20 }, async ([job]: ClaimedJob[]) => {
      started.push(String(job!.row.label));
      await new Promise<void>((resolve) => (finish = resolve));
      await database.db.execute(
        sql`update runner_test_jobs set status = 'done', lease_until = null where id = ${job!.id}`,
      );
      finished.push(String(job!.row.label));
    });
    background.start();
    await expect.poll(() => started, { timeout: 10_000 }).toEqual(['first']);
    let stopped = false;
    const stopping = background.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toEqual(['first']);
    expect(started).toEqual(['first']);
    expect((await rows()).map((row) => row.status)).toEqual(['done', 'waiting']);
  });
});
