import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { permissions } from '@sala/contract';
import type { DeclaredRoute } from '../../src/lib/access.js';
import { defaultFakeBots } from '../fakeTelegram.js';
import { multipartBody, onePixelPng } from '../helpers.js';
import { tableOfKey, type Area } from './areas.js';
import type { IdPools } from './school.js';
import { arbitraryOf, boundaryDate, isZodSchema, type ZodDef } from './zodArbitrary.js';

export type Caller = 'admin' | 'teacher' | 'anonymous' | 'forged';
export type Shape = 'valid' | 'mutated' | 'garbage';

/** One generated request, before it is given its caller's token. */
export interface FuzzCase {
  caller: Caller;
  /** The accept-language header sent (undefined: none, which means English). */
  language: string | undefined;
  /** How the request was made: from its schemas, from them then broken, or from nothing. */
  shape: Shape;
  /** The path is one the router refuses before any route runs (broken percent-encoding). */
  brokenPath: boolean;
  request: Omit<InjectOptions, 'headers'> & { headers: Record<string, string> };
}

const languages = fc.constantFrom<string | undefined>(
  'km',
  'km-KH,km;q=0.9,en;q=0.5',
  'en',
  'en-US,en;q=0.8',
  undefined,
);

/** Whether a request in this language must be answered in Khmer. */
export const wantsKhmer = (language: string | undefined) =>
  (language ?? '').trim().toLowerCase().startsWith('km');

const khmerText = fc.string({
  unit: fc.integer({ min: 0x1780, max: 0x17ff }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 60,
});

/** Ids that are not quite ids. */
const malformedId = fc.oneof(
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => id.slice(0, -1)),
  fc.uuid().map((id) => `${id}0`),
  fc.uuid().map((id) => id.replaceAll('-', '')),
  fc.uuid().map((id) => `${id.slice(0, 8)}-zzzz${id.slice(13)}`),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'not-a-uuid',
    '1',
    '-1',
    '0',
    'null',
    'undefined',
    '',
    ' ',
    '../../etc/passwd',
    "1' or '1'='1",
    '%00',
    'true',
  ),
  khmerText,
);

/**
 * A number JSON can carry but JSON.stringify cannot write (1e309 reads as Infinity): it stands in
 * a value as this marker, which `jsonText` and `toQuery` write as the number's text.
 */
const rawNumber = (text: string) => `@@raw-number:${text}@@`;
const rawNumberMarker = /"?@@raw-number:([^@"]+)@@"?/g;

/** A body as JSON text, raw numbers written as they are. */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value ?? {}) ?? '{}').replace(rawNumberMarker, '$1');
}

/** Values of the wrong kind for any field. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0.000001,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    -0,
    1e-300,
    Number.MIN_VALUE,
    0.001,
    2 ** 53 + 2,
    rawNumber('1e309'),
    rawNumber('-1e309'),
    rawNumber('1e-400'),
    rawNumber('123456789012345678901234567890'),
    rawNumber('0.1e1'),
    '',
    ' ',
    '   \t\n',
    '0',
    'NaN',
    'Infinity',
    'a\u0000b',
    '\u0000',
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '9999-12-31',
    '+010000-01-01',
    '0000-01',
    '9999-12',
    '\u202Eanis',
    'Sok\u2066Dara\u2069',
    '\u200B',
    '25:61',
    [],
    {},
    [null],
    { $gt: '' },
    { __proto__: null },
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  khmerText,
  malformedId,
  fc.integer(),
  fc.double({ noNaN: true }),
  // Huge strings: past every max length, well under the body limit.
  fc.constantFrom(2_000, 20_000, 300_000).map((n) => 'ក'.repeat(n)),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Keys nobody asked for, the prototype's among them. */
const extraKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'schoolId',
  'id',
  'version',
  'role',
  'permissions',
  '',
  'ឈ្មោះ',
);

/** Whole bodies that are not what any route reads. */
const garbagePayload: fc.Arbitrary<{ payload: string; contentType?: string }> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ payload: JSON.stringify(value) ?? 'null' })),
  fc
    .constantFrom(
      '{',
      '}',
      '{"a":',
      '[1,2',
      'nul',
      '"unterminated',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":1,"a":2}',
      '1e99999',
      '\u0000',
      '\uFEFF{}',
      '',
      ' ',
      'true',
      '[]',
      '{"x":"\\ud800"}',
    )
    .map((payload) => ({ payload })),
  fc.string({ maxLength: 200 }).map((payload) => ({ payload })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/octet-stream',
        'application/json; charset=latin1',
        'image/png',
        'nonsense',
      ),
      fc.string({ maxLength: 100 }),
    )
    .map(([contentType, payload]) => ({ payload, contentType })),
);

/**
 * Dates around the test school's year (Nov 2025 – Aug 2026), now and then far away, and now and
 * then at an edge no school reaches (the year 0, 9999-12-31, today ± 100,000 days).
 */
const schoolDate = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        { weight: 4, arbitrary: fc.integer({ min: 0, max: 340 }) },
        { weight: 1, arbitrary: fc.integer({ min: -4000, max: 8000 }) },
      )
      .map((days) =>
        new Date(Date.UTC(2025, 9, 25) + days * 86_400_000).toISOString().slice(0, 10),
      ),
  },
  { weight: 1, arbitrary: boundaryDate() },
);

const schoolMonth = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .integer({ min: -2, max: 12 })
      .map((n) => new Date(Date.UTC(2025, 10 + n, 1)).toISOString().slice(0, 7)),
  },
  { weight: 1, arbitrary: boundaryDate().map((day) => day.slice(0, 7)) },
);

const phone = fc.oneof(
  fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `0${n}`),
  fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+855 ${n}`),
  fc.integer({ min: 100_000, max: 999_999 }).map((n) => `012 ${n}`),
);

/** The domain's values for fields the schema alone cannot make meaningful. */
function domainHint(area: Area, ids: IdPools, anyId: string[]) {
  return (key: string | undefined, def: ZodDef): fc.Arbitrary<unknown> | undefined => {
    const isUuid =
      def.type === 'string' &&
      (def.format === 'uuid' ||
        (def.checks ?? []).some((check) => check._zod.def.format === 'uuid'));
    if (isUuid) {
      const table = tableOfKey(key, area);
      const pool = table ? ids[table] : [];
      return fc.oneof(
        ...(pool.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...pool) }] : []),
        { weight: 1, arbitrary: fc.constantFrom(...anyId) },
        { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
      );
    }
    if (!key) return undefined;
    if (def.type === 'number') {
      // The rows' versions start at 1 and move on with every change the run makes.
      if (key === 'version') return fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 8 }));
      // Months of the test school's first term, mostly; late minutes only go with `late`.
      if (key === 'month')
        return fc.oneof(fc.constantFrom(11, 12, 1, 2), fc.integer({ min: 1, max: 12 }));
      if (key === 'minutesLate') {
        return fc.oneof(
          { weight: 4, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 600 }) },
        );
      }
    }
    if (key === 'absent' && def.type === 'boolean') {
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(false) },
        { weight: 1, arbitrary: fc.constant(true) },
      );
    }
    if (def.type !== 'string') return undefined;
    if (def.format === 'date' || /(^date|Date)$/.test(key)) {
      return def.format === 'date' || def.format === undefined ? schoolDate : undefined;
    }
    const regex = (def.checks ?? []).find((check) => check._zod.def.format === 'regex');
    const pattern = String(regex?._zod.def.pattern ?? '');
    if (pattern.includes('(0[1-9]|1[0-2])$')) return schoolMonth;
    if (/phone/i.test(key)) return phone;
    if (key === 'username') return fc.constantFrom('admin', 'teacher', 'office', 'nobody', 'ADMIN');
    if (key === 'schoolCode') return fc.constantFrom('demo', 'DEMO', 'other', '');
    if (key === 'token' && pattern.includes('\\d{3,20}')) {
      return fc.oneof(
        fc.constant(defaultFakeBots[0]!.token),
        fc.stringMatching(/^\d{3,20}:[A-Za-z0-9_-]{20,80}$/),
      );
    }
    if (key === 'permission' || key === 'permissions') {
      return fc.constantFrom(...(permissions as readonly string[]));
    }
    return undefined;
  };
}

/** A copy of `value` with one field broken: gone, added, or of the wrong kind. */
function mutate(value: unknown, pick: number, op: number, bad: unknown, key: string): unknown {
  const copy = structuredClone(value);
  const holders: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 4 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        holders.push({ holder: node, key: index });
        walk(item, depth + 1);
      });
      return;
    }
    for (const [name, child] of Object.entries(node)) {
      holders.push({ holder: node as Record<string, unknown>, key: name });
      walk(child, depth + 1);
    }
  };
  walk(copy, 0);
  if (copy === null || typeof copy !== 'object' || holders.length === 0) {
    return op % 2 === 0 ? bad : { [key]: bad };
  }
  const target = holders[pick % holders.length]!;
  const holder = target.holder as Record<string | number, unknown>;
  switch (op % 3) {
    case 0:
      if (Array.isArray(holder)) holder.splice(Number(target.key), 1);
      else delete holder[target.key];
      break;
    case 1:
      holder[target.key] = bad;
      break;
    default:
      if (!Array.isArray(holder))
        Object.defineProperty(holder, key, { value: bad, enumerable: true });
      else holder.push(bad);
  }
  return copy;
}

/** Valid-shaped values of a schema, the same broken, or anything at all. */
function shaped(schema: unknown, hint: ReturnType<typeof domainHint>) {
  const valid = isZodSchema(schema)
    ? arbitraryOf(schema, { hint })
    : fc.constant<unknown>(undefined);
  const mutated = fc
    .tuple(valid, fc.nat(), fc.nat(), wrongValue, extraKey)
    .map(([value, pick, op, bad, key]) => mutate(value ?? {}, pick, op, bad, key));
  return { valid, mutated };
}

/** A query string from an object: arrays as repeated keys, objects as JSON. */
export function toQuery(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return encodeURIComponent(String(value));
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    for (const one of Array.isArray(item) ? item : [item]) {
      search.append(
        key,
        (typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one)).replace(
          rawNumberMarker,
          '$1',
        ),
      );
    }
  }
  return search.toString();
}

const rawQuery = fc.oneof(
  fc.constantFrom(
    'page=0',
    'page=-1',
    'page=1e999',
    'page=1e309',
    'page=-0',
    'page=0x10',
    'page=9007199254740993',
    'page=1.0000000000000002',
    'pageSize=100000',
    'page=abc',
    '__proto__[polluted]=1',
    'constructor[prototype][x]=1',
    'a[b][c]=d',
    'page=1&page=2',
    '%',
    '%E0%A4%A',
    'search=%00',
    'search=' + 'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
);

/** The path parameters of a url: real ids mostly, some random, some not ids at all. */
function paramsOf(route: DeclaredRoute, area: Area, ids: IdPools, anyId: string[]) {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const one = (name: string) => {
    const table =
      name === 'schoolId' ? 'schools' : name === 'sessionId' ? 'sessions' : tableOfKey(name, area);
    const pool = table ? ids[table] : [];
    return fc.oneof(
      ...(pool.length > 0 ? [{ weight: 14, arbitrary: fc.constantFrom(...pool) }] : []),
      { weight: 2, arbitrary: fc.constantFrom(...anyId) },
      { weight: 2, arbitrary: fc.uuid({ version: 4 }) },
      { weight: 2, arbitrary: malformedId },
      { weight: 1, arbitrary: fc.constantFrom('x'.repeat(250), 'ក'.repeat(80)) },
    );
  };
  // Now and then a path the router cannot decode: percent-encoding cut short or invalid.
  const raw = fc.oneof(
    { weight: 15, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%zz', '%C0%AF') },
  );
  return fc.tuple(fc.tuple(...names.map(one)), raw).map(([values, broken]) => {
    let url = route.url;
    let brokenPath = false;
    names.forEach((name, index) => {
      const value = encodeURIComponent(values[index] ?? '');
      // Past the router's maxParamLength (200), the router refuses it too.
      if (value.length > 200) brokenPath = true;
      if (broken && index === 0) brokenPath = true;
      url = url.replace(`:${name}`, broken && index === 0 ? `${value}${broken}` : value);
    });
    return { url, brokenPath };
  });
}

const uploadRoute = /\/(files\/[a-z-]+|import(\/preview)?)$/;

/** Uploads: the one-pixel PNG, other bytes, other names and types. */
const uploadPayload = fc
  .tuple(
    fc.oneof(
      fc.constant(onePixelPng),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      fc.constant(Buffer.from('name,code\nA,1\n')),
      fc.constant(Buffer.from('PK\u0003\u0004 not really a zip')),
    ),
    fc.constantFrom('photo.png', 'sheet.xlsx', 'x.csv', '', '../../x.png', 'ឯកសារ.png'),
    fc.constantFrom('image/png', 'image/jpeg', 'text/csv', 'application/octet-stream'),
    fc.constantFrom('file', 'photo', ''),
    fc.nat(),
    fc.boolean(),
  )
  .map(([data, filename, contentType, field, cut, truncated]) => {
    const body = multipartBody(data, { filename, contentType, field });
    // Now and then the body is cut short, its closing boundary missing.
    if (!truncated || cut % 4 !== 0) return body;
    return { ...body, payload: body.payload.subarray(0, cut % body.payload.length) };
  });

/**
 * Every request this route may be sent: callers (the administrator mostly, the teacher, nobody,
 * a forged token), languages, and params, query and body made from the route's schemas, broken,
 * or made of nothing in particular.
 */
export function caseArbitrary(
  route: DeclaredRoute,
  area: Area,
  ids: IdPools,
): fc.Arbitrary<FuzzCase> {
  const anyId = Object.values(ids).flat();
  const hint = domainHint(area, ids, anyId);
  const schema = route.schema ?? {};
  const isPublic = route.access?.kind === 'public';
  const caller: fc.Arbitrary<Caller> = isPublic
    ? fc.constant('anonymous')
    : fc.oneof(
        { weight: 15, arbitrary: fc.constant<Caller>('admin') },
        { weight: 3, arbitrary: fc.constant<Caller>('teacher') },
        { weight: 1, arbitrary: fc.constant<Caller>('anonymous') },
        { weight: 1, arbitrary: fc.constant<Caller>('forged') },
      );
  const shape = fc.constantFrom<Shape>('valid', 'valid', 'valid', 'mutated', 'mutated', 'garbage');
  const url = paramsOf(route, area, ids, anyId);
  const query = shaped(schema.querystring, hint);
  const body = shaped(schema.body, hint);
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const isUpload = uploadRoute.test(route.url) && route.method === 'POST';

  return fc
    .record({
      caller,
      language: languages,
      shape,
      url,
      validQuery: query.valid,
      mutatedQuery: query.mutated,
      rawQuery,
      validBody: body.valid,
      mutatedBody: body.mutated,
      garbage: garbagePayload,
      upload: uploadPayload,
      prototypeKey: fc.boolean(),
    })
    .map((drawn): FuzzCase => {
      const headers: Record<string, string> = {};
      if (drawn.language !== undefined) headers['accept-language'] = drawn.language;
      let search = '';
      if (schema.querystring || drawn.shape === 'garbage') {
        search =
          drawn.shape === 'valid'
            ? toQuery(drawn.validQuery)
            : drawn.shape === 'mutated'
              ? toQuery(drawn.mutatedQuery)
              : drawn.rawQuery;
      }
      const request: FuzzCase['request'] = {
        method: route.method as InjectOptions['method'],
        url: search ? `${drawn.url.url}?${search}` : drawn.url.url,
        headers,
      };
      if (isUpload && drawn.shape !== 'garbage') {
        Object.assign(headers, drawn.upload.headers);
        request.payload = drawn.upload.payload;
      } else if (takesBody && (schema.body || drawn.shape === 'garbage')) {
        if (drawn.shape === 'garbage') {
          headers['content-type'] = drawn.garbage.contentType ?? 'application/json';
          request.payload = drawn.garbage.payload;
        } else {
          const value = drawn.shape === 'valid' ? drawn.validBody : drawn.mutatedBody;
          let text = jsonText(value);
          // A prototype key the JSON parser must refuse, spliced into an object body.
          if (drawn.shape === 'mutated' && drawn.prototypeKey && text.startsWith('{')) {
            text = `{"__proto__":{"isAdmin":true}${text === '{}' ? '' : ','}${text.slice(1)}`;
          }
          headers['content-type'] = 'application/json';
          request.payload = text;
        }
      }
      return {
        caller: drawn.caller,
        language: drawn.language,
        shape: drawn.shape,
        brokenPath: drawn.url.brokenPath,
        request,
      };
    });
}
