/// <reference types="vite/client" />
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@sala/contract';
import type { Db } from '../src/db/client.js';
import { readFirstSheet } from '../src/lib/xlsx.js';
import { schoolToday } from '../src/lib/schoolTime.js';
import type { DeclaredRoute } from '../src/lib/access.js';
import { multipartBody, onePixelPng, tablesDigest, type SignedInUser } from './helpers.js';
import { twoSchools, type TwoSchools } from './isolation/schools.js';
import {
  fieldValue,
  fieldsOf,
  idNameOfField,
  injectOf,
  isIdField,
  optionalFieldsOf,
  sampleWith,
  type Probe,
} from './isolation/probe.js';
import type { Expectation, Ids, MatrixArea } from './matrix/types.js';

/**
 * Two generated schools in one database. School A's administrator and office clerk send every
 * API route the permission matrix's valid sample naming school B's records — all of them, each
 * alone among A's, and each id field of the route's schema the sample leaves out: each is
 * refused (403/404; a 400 naming the field for an id in the body or query) or, for a list,
 * answered empty; no answer says anything of B it was not told, and B's rows stay as they were.
 * A teacher of A sends them naming a class of A they do not teach (and, in a class where they
 * teach a lesson, another teacher's subject or what only the homeroom teacher does): refused,
 * or answered without that class's pupils. The routes come from the server's registration: a
 * route without a sample, or an id field this suite cannot fill, fails.
 */
const expectations: Record<string, Expectation> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<MatrixArea>(
      ['./matrix/*.ts', '!./matrix/types.ts', '!./matrix/classWithPupil.ts'],
      { eager: true, import: 'area' },
    ),
  ).map((area) => area.expectations),
);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** What only school B holds: its rows' ids, and its names and codes that school A has not. */
interface Secrets {
  ids: Set<string>;
  words: string[];
}

async function secretsOf(db: Db, schoolId: string, otherSchoolId: string): Promise<Secrets> {
  const idRows = await rows<{ id: string }>(
    db,
    sql.raw(
      (await tablesWithSchool(db))
        .filter((table) => !['attendance_marks', 'scores', 'audit_log'].includes(table))
        .map((table) => `select id::text from ${table} where school_id = '${schoolId}'`)
        .concat(`select '${schoolId}'`)
        .join(' union all '),
    ),
  );
  const wordsOf = async (id: string) =>
    new Set(
      (
        await rows<{ word: string | null }>(
          db,
          sql`select unnest(array[name_en, name_km, code, guardian_name]) as word from students where school_id = ${id}
              union select unnest(array[name_en, name_km, code]) from employees where school_id = ${id}
              union select unnest(array[name_en, name_km, username]) from users where school_id = ${id}
              union select unnest(array[name_en, name_km, code]) from schools where id = ${id}
              union select unnest(array[name_en, name_km, room]) from classes where school_id = ${id}
              union select unnest(array[title]) from telegram_chats where school_id = ${id}
              union select unnest(array[name_en, name_km]) from roles where school_id = ${id}`,
        )
      )
        .map((row) => row.word)
        .filter((word): word is string => !!word && word.length >= 4),
    );
  const ours = await wordsOf(otherSchoolId);
  return {
    ids: new Set(idRows.map((row) => row.id)),
    words: [...(await wordsOf(schoolId))].filter((word) => !ours.has(word)),
  };
}

/** Tables with rows of a school. */
async function tablesWithSchool(db: Db): Promise<string[]> {
  return (
    await rows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns
          where table_schema = current_schema() and column_name = 'school_id'
            and exists (select 1 from information_schema.columns c
                        where c.table_schema = current_schema() and c.table_name = columns.table_name
                          and c.column_name = 'id')
          order by table_name`,
    )
  ).map((row) => row.table_name);
}

/** Every row of one school, table by table (a parenthesised query each), and the school. */
async function schoolRows(db: Db, schoolId: string): Promise<string[]> {
  const tables = (
    await rows<{ table_name: string }>(
      db,
      sql`select distinct table_name from information_schema.columns
          where table_schema = current_schema() and column_name = 'school_id' order by table_name`,
    )
  ).map((row) => `(select * from ${row.table_name} where school_id = '${schoolId}')`);
  return [...tables, `(select * from schools where id = '${schoolId}')`];
}

/** Answers saying a record named is not the caller's to reach (400s name the field). */
const refusalCodes = new Set([
  'NOT_FOUND',
  'FORBIDDEN',
  'INVALID_REFERENCE',
  'STUDENT_NOT_IN_CLASS',
  'SUBJECT_NOT_IN_CLASS',
  // A sheet's id is made by the client, unique across schools: another's is taken.
  'SHEET_ID_IN_USE',
]);

/**
 * Requests the samples do not make: a Telegram link code for another's class or pupil (a
 * union body), and an attendance sheet saved under the id of another's sheet.
 */
function extraProbes(base: Ids, target: Ids): Probe[] {
  const link = (payload: object, sent: Record<string, string>): Probe => ({
    method: 'POST',
    url: '/api/telegram/links',
    payload,
    sent,
  });
  return [
    link({ purpose: 'class', classId: target.classId }, { classId: target.classId! }),
    link({ purpose: 'guardian', studentId: target.studentId }, { studentId: target.studentId! }),
    ...(target.attendanceSheetId
      ? [
          {
            method: 'POST',
            url: '/api/attendance/sheets',
            payload: {
              id: target.attendanceSheetId,
              classId: base.attendanceClassId,
              date: schoolToday(),
              session: base.attendanceSession,
              marks: [{ studentId: base.attendanceStudentId, status: 'late' }],
            },
            sent: { attendanceSheetId: target.attendanceSheetId },
          },
        ]
      : []),
  ];
}

/** Tallies of what was sent, for the figures printed at the end. */
const figures = {
  routes: new Set<string>(),
  requests: 0,
  refused: 0,
  filtered: 0,
  byCaller: {} as Record<string, number>,
};

describe('tenant and scope isolation', () => {
  let two: TwoSchools;
  let secrets: Secrets;
  let bRows: string[];
  const upload = multipartBody(onePixelPng);

  beforeAll(async () => {
    two = await twoSchools();
    const { db } = two.server.database;
    secrets = await secretsOf(db, two.b.id, two.a.id);
    bRows = await schoolRows(db, two.b.id);
  }, 120_000);
  afterAll(async () => {
    const declared = two ? apiRoutes().length : 0;
    await two?.server.close();
    // eslint-disable-next-line no-console -- the figures the README quotes
    console.log(
      `isolation: ${new Set([...figures.routes].map((key) => key.split(' ').slice(1).join(' '))).size} routes ` +
        `(${declared} signed-in API routes and Telegram's webhook), ` +
        `${figures.routes.size} route × caller pairs, ${figures.requests} requests ` +
        `(${Object.entries(figures.byCaller)
          .map(([caller, count]) => `${caller} ${count}`)
          .join(
            ', ',
          )}), ${figures.refused} refused, ${figures.filtered} answered with nothing of another school or class`,
    );
  });

  const apiRoutes = (): DeclaredRoute[] =>
    two.server.app.declaredRoutes.filter(
      (route) =>
        route.url.startsWith('/api') && route.method !== 'HEAD' && route.access?.kind !== 'public',
    );
  const schemaOf = (route: DeclaredRoute) => route.schema ?? {};

  /** The registered route a request goes to (`METHOD /path/:param`). */
  function templateOf(probe: { method: string; url: string }): string {
    const path = probe.url.split('?')[0]!;
    // A static segment wins over a parameter, as in Fastify's router (/students/export).
    const [route] = two.server.app.declaredRoutes
      .filter(
        (candidate) =>
          candidate.method === probe.method &&
          new RegExp(`^${candidate.url.replace(/:\w+/g, '[^/]+')}$`).test(path),
      )
      .sort((x, y) => x.url.split(':').length - y.url.split(':').length);
    return route ? keyOf(route) : `${probe.method} ${path}`;
  }

  async function send(
    caller: string,
    user: SignedInUser,
    probe: Probe,
  ): Promise<LightMyRequestResponse> {
    figures.requests += 1;
    figures.byCaller[caller] = (figures.byCaller[caller] ?? 0) + 1;
    figures.routes.add(`${caller} ${templateOf(probe)}`);
    return two.server.app.inject(injectOf(probe, user.headers, upload));
  }

  /** What a response says that it was not told: ids and words of `secrets`. */
  function leaks(body: string, probe: Probe, hidden: Secrets): string[] {
    const told = new Set(Object.values(probe.sent));
    const found = [...new Set(body.match(uuidPattern) ?? [])].filter(
      (id) => hidden.ids.has(id) && !told.has(id),
    );
    // A whole name or code, not part of a longer one (Kim Sophea inside Kim Sopheak).
    const words = hidden.words.filter(
      (word) =>
        body.includes(word) &&
        new RegExp(
          `(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{M}\\p{N}])`,
          'u',
        ).test(body),
    );
    return [...found, ...words];
  }

  /**
   * The probes of one route against the records of `target`: the sample naming only them, and
   * (when it names several) each of them alone among `base`'s; then each id field of its body
   * or query the sample leaves out, given `target`'s id.
   */
  function probesOf(route: DeclaredRoute, base: Ids, target: Ids, keys?: Set<string>): Probe[] {
    const expectation = expectations[keyOf(route)]!;
    const whole = sampleWith(expectation, route, target);
    const probes: Probe[] = [];
    const named = whole.named.filter((key) => !keys || keys.has(key));
    if (named.length > 0) probes.push(whole);
    if (whole.named.length > 1) {
      for (const key of named) {
        if (base[key] === target[key]) continue;
        probes.push(sampleWith(expectation, route, { ...base, [key]: target[key]! }));
      }
    }
    const schema = schemaOf(route);
    const own = sampleWith(expectation, route, base);
    const query = new URLSearchParams(own.url.split('?')[1] ?? '');
    for (const [where, fields] of [
      ['body', fieldsOf(schema.body)],
      ['query', fieldsOf(schema.querystring)],
    ] as const) {
      for (const field of fields.filter(isIdField)) {
        const name = idNameOfField(field);
        if (!name) throw new Error(`${keyOf(route)}: no id to give its ${where} field ${field}`);
        if (keys && !keys.has(name)) continue;
        const given =
          where === 'body' ? (own.payload as Record<string, unknown>)?.[field] : query.get(field);
        if (given !== undefined && given !== null && whole.named.length > 0) continue;
        const id = target[name]!;
        if (where === 'body') {
          probes.push({
            ...own,
            payload: { ...own.payload, [field]: fieldValue(field, id) },
            sent: { ...own.sent, [name]: id },
          });
        } else {
          const withId = new URLSearchParams(query);
          withId.set(field, id);
          // Some routes take one view at a time: then the id alone among those it may leave out.
          const alone = new URLSearchParams(withId);
          for (const other of optionalFieldsOf(schema.querystring))
            if (other !== field && isIdField(other)) alone.delete(other);
          const path = own.url.split('?')[0];
          const sent = { ...own.sent, [name]: id };
          probes.push({
            ...own,
            url: `${path}?${withId}`,
            sent,
            fallback: { ...own, url: `${path}?${alone}`, sent },
          });
        }
      }
    }
    return probes;
  }

  /**
   * How a request naming records it may not reach is answered: `refused` (403, 404, or a 400
   * saying a chosen record is not the school's or not in the class), `empty` (a list or an export
   * with nothing in it) or `other`. A record named in the path must be a 403 or 404.
   */
  async function verdict(
    response: LightMyRequestResponse,
    probe: Probe,
    hidden: Secrets,
  ): Promise<{ kind: 'refused' | 'empty' | 'other'; text: string }> {
    const status = response.statusCode;
    const path = probe.url.split('?')[0]!;
    const inPath = Object.values(probe.sent).some((id) => hidden.ids.has(id) && path.includes(id));
    if (status === 403 || status === 404) return { kind: 'refused', text: response.body };
    const type = String(response.headers['content-type'] ?? '');
    if ((status === 400 || status === 409) && !inPath && type.includes('json')) {
      const answer = response.json() as { code?: string; fieldErrors?: Record<string, string[]> };
      const codes = [answer.code, ...Object.values(answer.fieldErrors ?? {}).flat()];
      if (codes.some((code) => refusalCodes.has(String(code))))
        return { kind: 'refused', text: response.body };
    }
    if (status !== 200 || probe.method !== 'GET' || inPath)
      return { kind: 'other', text: response.body };
    if (type.includes('json')) {
      const answer = response.json() as { items?: unknown[]; total?: number };
      const empty =
        (answer.items === undefined || answer.items.length === 0) &&
        (answer.total === undefined || answer.total === 0) &&
        (answer.items !== undefined || answer.total !== undefined);
      return { kind: empty ? 'empty' : 'other', text: response.body };
    }
    if (type.includes('spreadsheet')) {
      const sheet = await readFirstSheet(response.rawPayload);
      return { kind: sheet.rows.length === 0 ? 'empty' : 'other', text: JSON.stringify(sheet) };
    }
    return { kind: 'other', text: response.body };
  }

  /** Sends probes as one caller; answers what was not refused or emptied, and what leaked. */
  async function sendAll(
    caller: string,
    user: SignedInUser,
    probes: Probe[],
    hidden: Secrets,
  ): Promise<string[]> {
    const failures: string[] = [];
    for (const first of probes) {
      let probe = first;
      let response = await send(caller, user, probe);
      if (
        probe.fallback &&
        response.statusCode === 400 &&
        (response.json() as { code?: string }).code === 'VALIDATION_ERROR'
      ) {
        probe = probe.fallback;
        response = await send(caller, user, probe);
      }
      const where = `${caller} ${probe.method} ${probe.url} ${JSON.stringify(probe.payload ?? {})}`;
      const { kind, text } = await verdict(response, probe, hidden);
      if (kind === 'refused') figures.refused += 1;
      else if (kind === 'empty') figures.filtered += 1;
      else failures.push(`${where}: ${response.statusCode} ${text.slice(0, 300)}`);
      const shown = leaks(text, probe, hidden);
      if (shown.length > 0) failures.push(`${where} shows ${shown.slice(0, 5).join(', ')}`);
    }
    return failures;
  }

  it('has a sample request for every API route the server registers', () => {
    const missing = apiRoutes()
      .map(keyOf)
      .filter((key) => !expectations[key]);
    expect(missing, 'routes without a sample in test/matrix').toEqual([]);
    // The routes' own schemas name the id fields the samples leave out.
    expect(
      apiRoutes().filter((route) => fieldsOf(schemaOf(route).body).some(isIdField)).length,
    ).toBeGreaterThan(10);
  });

  it("refuses school A's administrator and office every record of school B, and tells them nothing of it", async () => {
    const { db } = two.server.database;
    const before = await tablesDigest(db, bRows);
    const failures: string[] = [];
    const probes = [
      ...apiRoutes().flatMap((route) => probesOf(route, two.a.ids, two.b.ids)),
      ...extraProbes(two.a.ids, two.b.ids),
    ];
    for (const [caller, user] of [
      ['admin', two.a.admin],
      ['office', two.a.office],
    ] as const) {
      failures.push(...(await sendAll(caller, user, probes, secrets)));
    }
    // Telegram's call for school B's bot with school A's bot secret, linking a chat with a code.
    const webhook = await two.server.app.inject({
      method: 'POST',
      url: `/api/telegram/webhook/${two.b.id}`,
      headers: { 'x-telegram-bot-api-secret-token': two.a.telegramSecret },
      payload: {
        update_id: 1,
        message: {
          message_id: 1,
          date: 1,
          chat: { id: -100999, type: 'group', title: 'Not theirs' },
          text: '/link ABCDEFGH',
        },
      },
    });
    figures.requests += 1;
    figures.routes.add(`telegram POST /api/telegram/webhook/:schoolId`);
    if (webhook.statusCode !== 401) failures.push(`webhook of school B: ${webhook.statusCode}`);
    else figures.refused += 1;
    expect(failures).toEqual([]);
    expect(await tablesDigest(db, bRows)).toBe(before);
  });

  it("lists and counts only school A's own records", async () => {
    const { db } = two.server.database;
    const counted = async (query: string) =>
      Number(
        (await rows<{ count: number }>(db, sql.raw(`select count(*)::int as count ${query}`)))[0]!
          .count,
      );
    const a = two.a.id;
    // Each list's total as school A's rows say, and its dashboard's school totals.
    const totals: Record<string, string> = {
      'GET /api/students': `from students where school_id = '${a}' and status = 'studying'`,
      'GET /api/student/list': `from students where school_id = '${a}' and status = 'studying'`,
      'GET /api/classes': `from classes where school_id = '${a}'`,
      'GET /api/employees': `from employees where school_id = '${a}'`,
      'GET /api/users': `from users where school_id = '${a}'`,
      'GET /api/subjects': `from subjects where school_id = '${a}'`,
      'GET /api/courses/list': `from subjects where school_id = '${a}'`,
      'GET /api/departments': `from departments where school_id = '${a}'`,
    };
    const failures: string[] = [];
    const lists = apiRoutes().filter((route) => route.method === 'GET' && !route.url.includes(':'));
    for (const route of lists) {
      const probe = sampleWith(expectations[keyOf(route)]!, route, two.a.ids);
      for (const [caller, user] of [
        ['admin', two.a.admin],
        ['office', two.a.office],
      ] as const) {
        const response = await send(caller, user, probe);
        const where = `${caller} ${probe.url}`;
        if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode}`);
        if (response.statusCode !== 200) continue;
        const type = String(response.headers['content-type'] ?? '');
        const text = type.includes('spreadsheet')
          ? JSON.stringify(await readFirstSheet(response.rawPayload))
          : response.body;
        for (const leak of leaks(text, probe, secrets)) failures.push(`${where} shows ${leak}`);
        const query = totals[keyOf(route)];
        if (query && type.includes('json')) {
          const { total } = response.json() as { total?: number };
          const expected = await counted(query);
          if (total !== expected)
            failures.push(`${where}: total ${total}, school A has ${expected}`);
        }
        if (keyOf(route) === 'GET /api/dashboard') {
          const school = (response.json() as DashboardResponse).school;
          const expected = {
            students: await counted(
              `from enrollments e join students s on s.id = e.student_id where e.school_id = '${a}' and e.year_id = '${two.a.ids.academicYearId}' and e.end_date is null and s.status = 'studying'`,
            ),
            classes: await counted(
              `from classes where school_id = '${a}' and year_id = '${two.a.ids.academicYearId}'`,
            ),
            departments: await counted(`from departments where school_id = '${a}'`),
            subjects: await counted(`from subjects where school_id = '${a}'`),
          };
          const got = {
            students: school?.students.total,
            classes: school?.classes,
            departments: school?.departments,
            subjects: school?.subjects,
          };
          if (JSON.stringify(got) !== JSON.stringify(expected))
            failures.push(
              `${where}: ${JSON.stringify(got)}, school A has ${JSON.stringify(expected)}`,
            );
        }
      }
    }
    // Searched for by school B's names and codes: nothing.
    const searches = lists
      .filter((route) => fieldsOf(schemaOf(route).querystring).includes('search'))
      .flatMap((route) =>
        secrets.words.slice(0, 3).map((word): Probe => ({
          method: 'GET',
          url: `${route.url}?search=${encodeURIComponent(word)}`,
          sent: {},
        })),
      );
    failures.push(...(await sendAll('admin', two.a.admin, searches, secrets)));
    failures.push(...(await sendAll('office', two.a.office, searches, secrets)));
    expect(searches.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('keeps a teacher to the classes they teach', async () => {
    const { db } = two.server.database;
    const { teacher } = two;
    const taught = teacher.taughtClassIds;
    // What the teacher must not see: the untaught class's pupils (those not also in a taught
    // class), their leave, sheets, lessons and links, and any other class's or pupil's id.
    const taughtArray = sql`array[${sql.join(
      taught.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`;
    const [hiddenRow] = await rows<{ ids: string[]; words: string[] }>(
      db,
      sql`with hidden_students as (
            select s.id, s.code from students s join enrollments e on e.student_id = s.id
            where e.class_id = ${teacher.untaughtIds.classId}
              and not exists (select 1 from enrollments t where t.student_id = s.id
                              and t.class_id = any(${taughtArray})))
          select
            array(select id::text from hidden_students
                  union all select l.id::text from leave_requests l join hidden_students h on h.id = l.student_id
                  union all select id::text from attendance_sheets where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from teaching_assignments where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from timetable_entries where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from teaching_log where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from telegram_chats where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from report_jobs where class_id = ${teacher.untaughtIds.classId}
                  union all select id::text from classes where school_id = ${two.a.id} and not id = any(${taughtArray})
                  union all select id::text from sessions where user_id <> ${teacher.user.userId} and school_id = ${two.a.id}
            ) as ids,
            array(select code from hidden_students) as words`,
    );
    const hidden: Secrets = { ids: new Set(hiddenRow!.ids), words: hiddenRow!.words };
    const scoped = new Set([
      'attendanceClassId',
      'classId',
      'reportsClassId',
      'resultsClassId',
      'scoreClassId',
      'teachingClassId',
      'attendanceStudentId',
      'reportsStudentId',
      'resultsStudentId',
      'scoreStudentId',
      'studentId',
      'attendanceLeaveId',
      'teachingAssignmentId',
      'timetableEntryId',
      'teachingLogId',
      'telegramChatId',
      'reportsJobId',
      'reportsCancelJobId',
      'teacherSessionId',
      'teachingEmployeeId',
      // In the teacher's own class, a subject they do not teach there.
      'scoreSubjectId',
      'teachingSubjectId',
    ]);
    const before = await tablesDigest(db, await schoolRows(db, two.a.id));
    const probes = apiRoutes()
      .filter((route) => expectations[keyOf(route)]!.allowed.includes('teacher'))
      .flatMap((route) =>
        probesOf(route, two.a.ids, teacher.untaughtIds, scoped).filter((probe) =>
          Object.keys(probe.sent).some((key) => scoped.has(key)),
        ),
      );
    probes.push(...extraProbes(two.a.ids, teacher.untaughtIds).slice(0, 2));
    // In the class where the teacher teaches a lesson but is not the homeroom teacher: what only
    // the homeroom teacher (or the office) does, and moving another teacher's subject along.
    const own = two.a.ids;
    const [otherSubject] = await rows<{ id: string }>(
      db,
      sql`select subject_id as id from teaching_assignments
          where class_id = ${own.classId} and employee_id <> ${teacher.employeeId}
          order by subject_id limit 1`,
    );
    probes.push(
      {
        method: 'PUT',
        url: '/api/reports/comments',
        payload: { classId: own.classId, studentId: own.studentId, period: 't1', comment: 'Mine' },
        sent: {},
      },
      {
        method: 'POST',
        url: '/api/telegram/links',
        payload: { purpose: 'class', classId: own.classId },
        sent: {},
      },
      {
        method: 'POST',
        url: '/api/telegram/links',
        payload: { purpose: 'guardian', studentId: own.studentId },
        sent: {},
      },
      {
        method: 'PATCH',
        url: `/api/telegram/chats/${own.telegramChatId}`,
        payload: { language: 'en' },
        sent: {},
      },
      { method: 'DELETE', url: `/api/telegram/chats/${own.telegramChatId}`, sent: {} },
      ...(['submit', 'publish'] as const).map((action) => ({
        method: 'POST',
        url: '/api/scores/status',
        payload: {
          classId: own.classId,
          termId: own.scoreTermId,
          kind: 'month',
          month: Number(schoolToday().slice(5, 7)),
          action,
          subjectIds: [otherSubject!.id],
        },
        sent: {},
      })),
    );
    const failures = await sendAll('teacher', teacher.user, probes, hidden);

    // Lists: only the teacher's classes and their pupils.
    const lists = apiRoutes().filter(
      (route) =>
        route.method === 'GET' &&
        !route.url.includes(':') &&
        expectations[keyOf(route)]!.allowed.includes('teacher'),
    );
    for (const route of lists) {
      const probe = sampleWith(expectations[keyOf(route)]!, route, two.a.ids);
      const response = await send('teacher', teacher.user, probe);
      const where = `teacher ${probe.url}`;
      if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode}`);
      if (response.statusCode !== 200) continue;
      const type = String(response.headers['content-type'] ?? '');
      const text = type.includes('spreadsheet')
        ? JSON.stringify(await readFirstSheet(response.rawPayload))
        : response.body;
      for (const leak of leaks(text, probe, hidden)) failures.push(`${where} shows ${leak}`);
    }
    expect(failures).toEqual([]);
    expect(await tablesDigest(db, await schoolRows(db, two.a.id))).toBe(before);
  });

  // Last: these change school A itself (its bot, its periods, its profile).
  it('answers the routes that name no record without anything of school B', async () => {
    const { db } = two.server.database;
    const before = await tablesDigest(db, bRows);
    const tried = new Set([...figures.routes].map((key) => key.split(' ').slice(1).join(' ')));
    const rest = apiRoutes().filter((route) => !tried.has(keyOf(route)));
    const failures: string[] = [];
    for (const route of rest) {
      const probe = sampleWith(expectations[keyOf(route)]!, route, two.a.ids);
      for (const [caller, user] of [
        ['admin', two.a.admin],
        ['office', two.a.office],
      ] as const) {
        const response = await send(caller, user, probe);
        const where = `${caller} ${probe.method} ${probe.url}`;
        if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode}`);
        const shown = leaks(response.body, probe, secrets);
        if (shown.length > 0) failures.push(`${where} shows ${shown.slice(0, 5).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await tablesDigest(db, bRows)).toBe(before);
  });
});
