import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@sala/contract';
import type { DeclaredRoute } from '../src/lib/access.js';
import { injectChecked, tablesChecksum } from './helpers.js';
import { areaOf } from './fuzz/areas.js';
import { installWriteJournal, journalOf } from './fuzz/journal.js';
import { caseArbitrary, wantsKhmer, type Caller, type FuzzCase } from './fuzz/requests.js';
import { createFuzzSchool, rows, type FuzzSchool } from './fuzz/school.js';

/**
 * Property, for every API route Fastify reports: whatever params, query and body it is sent —
 * made from its own zod schemas with the school's real ids (so most reach the handler), the same
 * broken one field at a time, or nothing in particular — by the administrator, the teacher,
 * nobody or a forged token, in Khmer or English:
 * - the answer is never a 5xx;
 * - a refusal is JSON with a known `code` and a non-empty `message` in the request's language;
 * - a refusal changes no row: the tables its module writes keep their checksum, and a journal
 *   of the rows written (a trigger on every table) shows none written anywhere — the sign-in
 *   throttling counters aside (failed sign-ins count by design), and the audit rows of refused
 *   sign-ins (a security event, see fuzz/areas.ts);
 * - a caller without a valid token is refused with 401 before anything else is looked at.
 *
 * FUZZ_SEED and FUZZ_RUNS (cases in all, spread evenly over the routes) change the run.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const totalRuns = Number(process.env.FUZZ_RUNS ?? 10_500);
/** Each case's answer printed (FUZZ_VERBOSE=1), to see why a route refuses what it is sent. */
const verbose = Boolean(process.env.FUZZ_VERBOSE);
/** Only the routes (`METHOD /path`) this pattern matches, to dig into one. */
const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;

/** Tables a refused request may write by design (the sign-in throttling counters), or no table. */
const unchecked = new Set(['rate_limits', '__drizzle_migrations']);

const keyOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/** A seed of its own for each route, from the run's seed and the route's name. */
function routeSeed(route: DeclaredRoute): number {
  let hash = seed | 0;
  for (const char of keyOf(route)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('every API route under fuzzing', () => {
  let fuzz: FuzzSchool;
  let tables: string[];

  beforeAll(async () => {
    fuzz = await createFuzzSchool();
    tables = (
      await rows<{ name: string }>(
        fuzz.server.database.db,
        sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      )
    )
      .map((row) => row.name)
      .filter((name) => !unchecked.has(name));
    // Report-card jobs are printed in the background after the request that asked for them:
    // their progress is no request's write.
    await installWriteJournal(fuzz.server.database.db, tables, ['report_jobs']);
  }, 120_000);
  afterAll(() => fuzz?.close());

  it(
    'never answers 5xx, explains every refusal in the caller’s language and changes nothing when it refuses',
    async () => {
      const { app, database } = fuzz.server;
      const routes = app.declaredRoutes.filter(
        (route) =>
          (route.url === '/api' || route.url.startsWith('/api/')) &&
          route.method !== 'HEAD' &&
          route.method !== 'OPTIONS',
      );
      expect(routes.length).toBeGreaterThan(100);
      const runsPerRoute = Math.max(1, Math.ceil(totalRuns / routes.length));
      if (only)
        routes.splice(0, routes.length, ...routes.filter((route) => only.test(keyOf(route))));
      const tokens: Record<Caller, string | undefined> = {
        admin: fuzz.admin.accessToken,
        teacher: fuzz.teacher.accessToken,
        anonymous: undefined,
        forged: `${fuzz.admin.accessToken.slice(0, -4)}AAAA`,
      };
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const tally = { cases: 0, accepted: 0, refused: 0, khmer: 0 };
      const byShape: Record<FuzzCase['shape'], { cases: number; accepted: number }> = {
        valid: { cases: 0, accepted: 0 },
        mutated: { cases: 0, accepted: 0 },
        garbage: { cases: 0, accepted: 0 },
      };
      const neverAccepted: string[] = [];
      const failures: string[] = [];

      for (const route of routes) {
        const area = areaOf(route.url);
        const checked = (table: string) => area.checkedRows?.[table] ?? table;
        // The module's own tables by checksum; every table by the journal of rows written,
        // but those a refusal of this area writes by design, which are checked by their rows.
        const exempt = new Set(Object.keys(area.checkedRows ?? {}));
        const own = [...new Set([...area.tables, ...exempt])].map(checked);
        const journal = journalOf(exempt);
        const snapshot = () => tablesChecksum(database.db, [...own, journal]);
        let state = await snapshot();
        let accepted = 0;
        try {
          await fc.assert(
            fc.asyncProperty(caseArbitrary(route, area, fuzz.ids), async (drawn) => {
              const token = tokens[drawn.caller];
              const request = {
                ...drawn.request,
                headers: {
                  ...drawn.request.headers,
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                },
              };
              const khmer = wantsKhmer(drawn.language);
              const result = await injectChecked(app, request, snapshot, state, {
                language: khmer ? 'km' : 'en',
              });
              state = result.state;
              if (verbose) {
                const said = result.accepted ? '' : result.body.slice(0, 300);
                // eslint-disable-next-line no-console -- asked for with FUZZ_VERBOSE
                console.log(
                  `${drawn.shape} ${drawn.caller} ${result.statusCode} ${said}\n  ${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 300)}`,
                );
              }
              tally.cases += 1;
              byShape[drawn.shape].cases += 1;
              if (khmer) tally.khmer += 1;
              if (result.accepted) {
                tally.accepted += 1;
                byShape[drawn.shape].accepted += 1;
                accepted += 1;
              } else {
                tally.refused += 1;
                expect(Object.keys(errorMessages), `${keyOf(route)}: unknown code`).toContain(
                  result.code,
                );
              }
              // The access check comes first, before the body is read; only a path the router
              // cannot take apart is refused sooner.
              if (!drawn.brokenPath && route.access?.kind !== 'public' && !token) {
                expect(result.statusCode, `${keyOf(route)} without a token`).toBe(401);
              }
              if (!drawn.brokenPath && drawn.caller === 'forged') {
                expect(result.statusCode, `${keyOf(route)} with a forged token`).toBe(401);
              }
            }),
            { numRuns: runsPerRoute, seed: routeSeed(route), endOnFailure: true },
          );
        } catch (error) {
          const cause = (
            error as Error & { cause?: Error & { actual?: unknown; expected?: unknown } }
          ).cause;
          const found = String((error as Error).message)
            .split('\n')
            .slice(0, 3)
            .join('\n');
          const values =
            typeof cause?.actual === 'string'
              ? `\n  was: ${String(cause.expected)}\n  now: ${cause.actual}`
              : '';
          failures.push(
            `${keyOf(route)}: ${String(cause?.message ?? '').slice(0, 1500)}${values}\n${found}`,
          );
        }
        if (accepted === 0) neverAccepted.push(keyOf(route));
      }

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const cpu = process.cpuUsage(cpuStarted);
      const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
      // eslint-disable-next-line no-console -- the figures the README quotes
      console.log(
        `fuzz: ${tally.cases} cases over ${routes.length} routes, ${tally.accepted} accepted, ` +
          `${tally.refused} refused (${tally.khmer} in Khmer); seed ${seed}, ` +
          `${runsPerRoute} a route; ${seconds} s (${cpuSeconds} s of CPU in this process)\n` +
          `  from the schemas: ${byShape.valid.accepted}/${byShape.valid.cases} accepted; ` +
          `broken: ${byShape.mutated.accepted}/${byShape.mutated.cases}; ` +
          `garbage: ${byShape.garbage.accepted}/${byShape.garbage.cases}\n` +
          `  never accepted: ${neverAccepted.join(', ') || 'none'}`,
      );
      expect(failures).toEqual([]);
      expect(tally.cases).toBe(routes.length * runsPerRoute);
    },
    30 * 60_000,
  );
});
