import type { InjectOptions } from 'fastify';
import type { Expectation, Ids } from '../matrix/types.js';

/** A matrix sample turned into a request, with the ids it named. */
export interface Probe {
  method: string;
  url: string;
  payload?: object;
  multipart?: boolean;
  /** The ids the request carries, by the sample's name for them. */
  sent: Record<string, string>;
  /** Sent instead when this one is refused as malformed (a route taking one view at a time). */
  fallback?: Probe;
}

/**
 * Calls a route's sample with `ids` and notes which of them it named: a sample naming an id
 * nobody provided is an error, so a new sample's ids must be given here too.
 */
export function sampleWith(
  expectation: Expectation,
  route: { method: string; url: string },
  ids: Ids,
): Probe & { named: string[] } {
  const named: string[] = [];
  const tracked = new Proxy(ids, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (!(key in target)) throw new Error(`${route.method} ${route.url}: no id for ${key}`);
      if (!named.includes(key)) named.push(key);
      return target[key];
    },
  });
  const sample = expectation.sample(tracked);
  return {
    method: route.method,
    url: sample.url ?? route.url,
    ...(sample.payload ? { payload: sample.payload } : {}),
    ...(sample.multipart ? { multipart: true } : {}),
    sent: Object.fromEntries(named.map((key) => [key, ids[key]!])),
    named,
  };
}

/** Field names of a request (body or query) that carry a record's id, → the samples' id name. */
const idFields: Record<string, string> = {
  classId: 'classId',
  studentId: 'studentId',
  yearId: 'academicYearId',
  termId: 'scoreTermId',
  subjectId: 'subjectId',
  employeeId: 'employeeId',
  departmentId: 'departmentId',
  gradeLevelId: 'gradeLevelId',
  periodId: 'teachingPeriodId',
  userId: 'teacherId',
  roleId: 'teacherRoleId',
  roleIds: 'teacherRoleId',
  headEmployeeId: 'employeeId',
  homeroomEmployeeId: 'employeeId',
  chatId: 'telegramChatId',
  summaryChatId: 'telegramChatId',
  sessionId: 'teacherSessionId',
  photoFileId: 'fileId',
  avatarFileId: 'fileId',
  logoFileId: 'fileId',
  fileId: 'fileId',
  entityId: 'studentId',
  actorId: 'teacherId',
  repeaterIds: 'studentId',
  gradeLevelIds: 'gradeLevelId',
  studentIds: 'studentId',
  employeeIds: 'employeeId',
  subjectIds: 'subjectId',
  incompleteSubjectIds: 'subjectId',
};

/** Fields named like ids that name no record (a national id card, a client's device). */
const notRecords = new Set(['nationalId', 'deviceId']);

/** The fields of a zod 4 object schema (through optional, default, pipe and the like). */
export function fieldsOf(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current?._zod?.def && depth < 8; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.innerType ?? def.in ?? def.schema) as typeof current;
  }
  return [];
}

/** The fields of a zod 4 object schema a request may leave out. */
export function optionalFieldsOf(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current?._zod?.def && depth < 8; depth += 1) {
    const def = current._zod.def;
    if (def.type === 'object') {
      const shape = def.shape as Record<string, { _zod?: { def?: { type?: string } } }>;
      return Object.keys(shape).filter((key) =>
        ['optional', 'default', 'nullable'].includes(String(shape[key]?._zod?.def?.type)),
      );
    }
    current = (def.innerType ?? def.in ?? def.schema) as typeof current;
  }
  return [];
}

/** Whether a field name says it carries an id (and so must be given another school's). */
export const isIdField = (name: string) => /(Id|Ids)$/.test(name) && !notRecords.has(name);

/** The samples' name for the id a field carries, or undefined when this suite knows none. */
export const idNameOfField = (field: string): string | undefined => idFields[field];

/** The id the field of a request would carry for the id name: a list for `…Ids` fields. */
export const fieldValue = (field: string, id: string): string | string[] =>
  field.endsWith('Ids') ? [id] : id;

/** The request `app.inject` sends for a probe. */
export function injectOf(
  probe: Probe,
  headers: Record<string, string>,
  upload: { payload: Buffer; headers: Record<string, string> },
): InjectOptions {
  return {
    method: probe.method as InjectOptions['method'],
    url: probe.url,
    headers: { ...headers, ...(probe.multipart ? upload.headers : {}) },
    ...(probe.multipart
      ? { payload: upload.payload }
      : probe.payload
        ? { payload: probe.payload }
        : {}),
  };
}
