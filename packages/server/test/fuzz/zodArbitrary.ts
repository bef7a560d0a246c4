import fc from 'fast-check';

/**
 * A zod 4 schema → a fast-check arbitrary of values of its input shape: what a client would
 * send for the schema to accept it (refinements aside). It reads the schema's definition
 * (`schema._zod.def`) rather than parsing its output type, so it needs no zod import and
 * follows whatever the contract declares.
 */

/** The part of a zod 4 definition this walker reads. */
interface ZodDef {
  type: string;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  checks?: { _zod: { def: ZodCheckDef } }[];
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  element?: ZodLike;
  innerType?: ZodLike;
  defaultValue?: unknown;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: ZodLike[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  items?: ZodLike[];
}

interface ZodCheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

interface ZodLike {
  _zod: { def: ZodDef };
}

export interface ArbitraryOptions {
  /**
   * A value of the domain for a field, tried first: `key` is the nearest object key (or array
   * field) the value sits under, `def` the field's definition. Answer undefined to let the
   * schema decide (e.g. real ids for `classId`, dates in the school year for `date`).
   */
  hint?: (key: string | undefined, def: ZodDef) => fc.Arbitrary<unknown> | undefined;
  /** The longest string generated where the schema allows more (default 40). */
  maxString?: number;
  /** The most array elements generated where the schema allows more (default 6). */
  maxArray?: number;
}

/** Whether a value is a zod 4 schema. */
export function isZodSchema(value: unknown): value is ZodLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as ZodLike)._zod?.def?.type === 'string'
  );
}

/** Letters a school's records are written in: Latin, digits, Khmer, a space now and then. */
const textChar = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789') },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0x1780, max: 0x17dd }).map((c) => String.fromCharCode(c)),
  },
  { weight: 1, arbitrary: fc.constantFrom(' ', '-', '.', "'", 'é', '中') },
  // The zero-width space Khmer keyboards type between words, and the non-joiner.
  { weight: 1, arbitrary: fc.constantFrom('\u200B', '\u200C') },
);

const word = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 1,
  maxLength: 12,
});

const checksOf = (def: ZodDef) => (def.checks ?? []).map((check) => check._zod.def);

function stringArbitrary(def: ZodDef, options: Required<Omit<ArbitraryOptions, 'hint'>>) {
  let minLength = 0;
  let maxLength: number | undefined;
  let format = def.format;
  let pattern = def.pattern;
  // An overwrite (`.trim()`, `.toLowerCase()`) runs before the length checks: send what it keeps.
  let trims = false;
  for (const check of checksOf(def)) {
    if (check.check === 'overwrite') trims = true;
    if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum ?? 0);
    if (check.check === 'max_length') maxLength = Math.min(maxLength ?? Infinity, check.maximum!);
    if (check.check === 'length_equals') minLength = maxLength = check.length!;
    if (check.check === 'string_format') {
      format = check.format;
      pattern = check.pattern;
    }
  }
  switch (format) {
    case 'uuid':
    case 'guid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc
        .tuple(word, word, fc.constantFrom('com', 'org', 'kh', 'example'))
        .map(([name, domain, tld]) => `${name}@${domain}.${tld}`);
    case 'date':
      return isoDate();
    case 'datetime':
      return isoDate().chain((day) =>
        fc
          .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([h, m]) => `${day}T${pad(h)}:${pad(m)}:00.000Z`),
      );
    case 'url':
      return fc.webUrl();
    case 'regex':
      if (!pattern) break;
      if (minLength === 0 && maxLength === undefined) {
        return fc.stringMatching(pattern, { size: 'xsmall' });
      }
      return fc
        .stringMatching(pattern, { size: 'small' })
        .map((text) => (trims ? text.trim() : text))
        .filter((text) => text.length >= minLength && text.length <= (maxLength ?? Infinity));
    default:
      break;
  }
  const cap = Math.max(minLength, Math.min(maxLength ?? Infinity, minLength + options.maxString));
  const text = fc.string({ unit: textChar, minLength, maxLength: cap });
  return trims
    ? text.map((value) => value.trim()).filter((value) => value.length >= minLength)
    : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Dates that exist and have the `YYYY-MM-DD` form, at the edges of what a database or a date
 * computation handles: the years 0 (PostgreSQL has none) and 1, the days around 1900 and 2200,
 * the last day of 9999 (a day after it has no such form), leap days, and today ± 100,000 days.
 */
export function boundaryDates(now = Date.now()): string[] {
  return [
    '0000-01-01',
    '0000-02-29',
    '0001-01-01',
    '1899-12-31',
    '1900-01-01',
    '1900-02-28',
    '1970-01-01',
    '2000-02-29',
    '2038-01-19',
    '2200-12-31',
    '2201-01-01',
    '9999-12-31',
    dayOf(now + 100_000 * DAY),
    dayOf(now - 100_000 * DAY),
  ];
}

/**
 * One of the edge dates, the year 0 and the last day of 9999 (the ones that broke queries and
 * answers) as often as all the others together.
 */
export function boundaryDate(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('0000-01-01', '0000-02-29', '9999-12-31'),
    fc.constantFrom(...boundaryDates()),
  );
}

/** A calendar date that exists: between 2000 and 2040 mostly, now and then at an edge. */
export function isoDate(): fc.Arbitrary<string> {
  const usual = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z') })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString().slice(0, 10));
  return fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: boundaryDate() });
}

/**
 * The remainder of `value` by `step` as zod's multipleOf check computes it: 0 within a few
 * epsilons of the quotient, so 1e-300 counts as a multiple of 0.01.
 */
function remainder(value: number, step: number): number {
  const ratio = value / step;
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  return Math.abs(ratio - Math.round(ratio)) < tolerance ? 0 : ratio - Math.round(ratio);
}

/**
 * Numbers at the edges of a range that its checks still accept: the bounds, the smallest step
 * past a bound (what a column with two decimals stores as 0), -0, the 32-bit and the safe
 * integer limits.
 */
export function boundaryNumbers(bounds: {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  integer?: boolean;
  multipleOf?: number;
}): number[] {
  const { min, max, minExclusive, maxExclusive, integer, multipleOf } = bounds;
  const candidates = [
    0,
    -0,
    1,
    -1,
    Number.MIN_VALUE,
    1e-300,
    1e-9,
    0.001,
    0.005,
    0.015,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31),
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e15 + 0.3,
    1e308,
    -1e308,
    Number.MAX_VALUE,
  ];
  if (min !== undefined) candidates.push(min, min + Number.EPSILON, min + 1e-9, min + 0.001);
  if (max !== undefined) candidates.push(max, max - 1e-9, max - 0.001);
  const accepted = (value: number) =>
    Number.isFinite(value) &&
    (min === undefined || (minExclusive ? value > min : value >= min)) &&
    (max === undefined || (maxExclusive ? value < max : value <= max)) &&
    (!integer || Number.isSafeInteger(value)) &&
    (multipleOf === undefined || remainder(value, multipleOf) === 0);
  const seen = new Set<string>();
  return candidates.filter((value) => {
    const key = Object.is(value, -0) ? '-0' : String(value);
    if (seen.has(key) || !accepted(value)) return false;
    seen.add(key);
    return true;
  });
}

function numberArbitrary(def: ZodDef): fc.Arbitrary<number> {
  let integer = def.format === 'safeint' || def.format === 'int32';
  let min: number | undefined;
  let max: number | undefined;
  let minExclusive = false;
  let maxExclusive = false;
  let multipleOf: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') integer ||= /int/.test(check.format ?? '');
    if (check.check === 'greater_than' && (min === undefined || check.value! >= min)) {
      min = check.value!;
      minExclusive = !check.inclusive;
    }
    if (check.check === 'less_than' && (max === undefined || check.value! <= max)) {
      max = check.value!;
      maxExclusive = !check.inclusive;
    }
    if (check.check === 'multiple_of') multipleOf = check.value;
  }
  const edges = boundaryNumbers({ min, max, minExclusive, maxExclusive, integer, multipleOf });
  const withEdges = (usual: fc.Arbitrary<number>) =>
    edges.length === 0
      ? usual
      : fc.oneof(
          { weight: 5, arbitrary: usual },
          { weight: 1, arbitrary: fc.constantFrom(...edges) },
        );
  if (integer || multipleOf !== undefined) {
    const step = multipleOf ?? 1;
    const low = min === undefined ? -1000 : Math.ceil((min + (minExclusive ? step : 0)) / step);
    const high = max === undefined ? 1000 : Math.floor((max - (maxExclusive ? step : 0)) / step);
    const lowSteps = min === undefined ? Math.min(low, high) : low;
    const highSteps = max === undefined ? Math.max(high, lowSteps + 1000) : high;
    return withEdges(
      fc
        .integer({ min: lowSteps, max: Math.max(lowSteps, highSteps) })
        .map((n) => (multipleOf === undefined ? n : Number((n * step).toFixed(6)))),
    );
  }
  return withEdges(
    fc.double({
      min: min ?? -1e6,
      max: max ?? 1e6,
      minExcluded: minExclusive,
      maxExcluded: maxExclusive,
      noNaN: true,
      noDefaultInfinity: true,
    }),
  );
}

function arrayBounds(def: ZodDef, cap: number) {
  let minLength = 0;
  let maxLength: number | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = check.minimum ?? 0;
    if (check.check === 'max_length') maxLength = check.maximum;
    if (check.check === 'length_equals') minLength = maxLength = check.length!;
  }
  return { minLength, maxLength: Math.max(minLength, Math.min(maxLength ?? cap, cap)) };
}

/** The arbitrary of a schema's accepted input; fc.anything() for what it does not know. */
export function arbitraryOf(
  schema: unknown,
  options: ArbitraryOptions = {},
  key?: string,
): fc.Arbitrary<unknown> {
  if (!isZodSchema(schema)) return fc.anything();
  const settings = { maxString: options.maxString ?? 40, maxArray: options.maxArray ?? 6 };
  const def = schema._zod.def;
  const hinted = options.hint?.(key, def);
  if (hinted) return hinted;
  const inner = (child: ZodLike | undefined, childKey = key) =>
    arbitraryOf(child, options, childKey);

  switch (def.type) {
    case 'string':
      return stringArbitrary(def, settings);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return isoDate();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array': {
      const bounds = arrayBounds(def, settings.maxArray);
      return fc.array(inner(def.element), bounds);
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => inner(item)));
    case 'object': {
      const shape = def.shape ?? {};
      const required = Object.keys(shape).filter((name) => !isOptional(shape[name]!));
      const fields = Object.fromEntries(
        Object.entries(shape).map(([name, field]) => [name, inner(field, name)]),
      );
      return fc.record(fields, { requiredKeys: required });
    }
    case 'record': {
      const keyDef = def.keyType?._zod.def;
      if (keyDef?.type === 'enum' || keyDef?.type === 'literal') {
        const keys = keyDef.type === 'enum' ? Object.values(keyDef.entries ?? {}) : keyDef.values;
        const fields = Object.fromEntries(
          (keys ?? []).map((name) => [String(name), inner(def.valueType, String(name))]),
        );
        return fc.record(fields);
      }
      return fc.dictionary(inner(def.keyType).map(String), inner(def.valueType), { maxKeys: 4 });
    }
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc.anything();
    case 'pipe': {
      // A preprocess runs a transform first: its target says what to send. Any other pipe
      // (a transform after a schema, a schema piped into another) takes the first one's input.
      const first = def.in?._zod.def;
      return first?.type === 'transform' ? inner(def.out) : inner(def.in);
    }
    case 'lazy':
      return fc.anything();
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return fc.anything();
  }
}

/** Whether an object may leave this field out. */
export function isOptional(schema: ZodLike): boolean {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
  if (def.type === 'pipe') {
    const first = def.in?._zod.def;
    return first?.type === 'transform' ? isOptional(def.out!) : isOptional(def.in!);
  }
  if (def.type === 'readonly' || def.type === 'catch') return isOptional(def.innerType!);
  return false;
}

export type { ZodDef };
