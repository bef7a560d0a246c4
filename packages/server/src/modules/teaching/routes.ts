import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  assignmentListQuerySchema,
  assignmentListResponseSchema,
  assignmentResponseSchema,
  createAssignmentRequestSchema,
  createTeachingLogRequestSchema,
  createTimetableEntryRequestSchema,
  deleteQuerySchema,
  okResponseSchema,
  teachingLogEntryResponseSchema,
  teachingLogListResponseSchema,
  teachingLogQuerySchema,
  timetableEntryResponseSchema,
  timetableQuerySchema,
  timetableResponseSchema,
  updateAssignmentRequestSchema,
  updateTeachingLogRequestSchema,
  updateTimetableEntryRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import {
  createAssignment,
  deleteAssignment,
  listAssignments,
  updateAssignment,
} from './assignments.js';
import {
  createTeachingLogEntry,
  deleteTeachingLogEntry,
  listTeachingLog,
  updateTeachingLogEntry,
} from './log.js';
import {
  createTimetableEntry,
  deleteTimetableEntry,
  listTimetable,
  updateTimetableEntry,
} from './timetable.js';

/**
 * Teaching: who teaches what where (assignments), the week's timetable with its clash checks,
 * and the staff's log of lessons taught. Reads are scoped to the classes the caller reaches.
 */
export async function teachingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('teaching.read:own');
  const manage = requires('teaching.manage:department');
  // Logging and taking back one's own lessons needs only to see teaching; the rules do the rest.
  const logLessons = requires('teaching.read:own', 'teaching.manage:department');
  const who = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { actor: actorOf(request, principal), principal };
  };
  const done = (request: FastifyRequest, text: { en: string; km: string }) => ({
    success: true as const,
    message: localMessage(request.headers['accept-language'], text),
  });

  api.get(
    apiPaths.teachingAssignments,
    {
      config: read,
      schema: {
        querystring: assignmentListQuerySchema,
        response: { 200: assignmentListResponseSchema },
      },
    },
    async (request) => listAssignments(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.teachingAssignments,
    {
      config: manage,
      schema: { body: createAssignmentRequestSchema, response: { 200: assignmentResponseSchema } },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return { assignment: await createAssignment(db, actor, principal, request.body) };
    },
  );

  api.patch(
    apiPaths.teachingAssignment,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateAssignmentRequestSchema,
        response: { 200: assignmentResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return {
        assignment: await updateAssignment(db, actor, principal, request.params.id, request.body),
      };
    },
  );

  api.delete(
    apiPaths.teachingAssignment,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      await deleteAssignment(db, actor, principal, request.params.id, request.query.version);
      return done(request, {
        en: 'Teaching assignment removed',
        km: 'បានដកការចាត់តាំងបង្រៀនចេញ',
      });
    },
  );

  api.get(
    apiPaths.timetable,
    {
      config: read,
      schema: { querystring: timetableQuerySchema, response: { 200: timetableResponseSchema } },
    },
    async (request) => listTimetable(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.timetable,
    {
      config: manage,
      schema: {
        body: createTimetableEntryRequestSchema,
        response: { 200: timetableEntryResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return { entry: await createTimetableEntry(db, actor, principal, request.body) };
    },
  );

  api.patch(
    apiPaths.timetableEntry,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateTimetableEntryRequestSchema,
        response: { 200: timetableEntryResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return {
        entry: await updateTimetableEntry(db, actor, principal, request.params.id, request.body),
      };
    },
  );

  api.delete(
    apiPaths.timetableEntry,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      await deleteTimetableEntry(db, actor, principal, request.params.id, request.query.version);
      return done(request, { en: 'Lesson removed', km: 'បានលុបមេរៀនចេញ' });
    },
  );

  api.get(
    apiPaths.teachingLog,
    {
      config: read,
      schema: {
        querystring: teachingLogQuerySchema,
        response: { 200: teachingLogListResponseSchema },
      },
    },
    async (request) => listTeachingLog(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.teachingLog,
    {
      config: logLessons,
      schema: {
        body: createTeachingLogRequestSchema,
        response: { 200: teachingLogEntryResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return { entry: await createTeachingLogEntry(db, actor, principal, request.body) };
    },
  );

  api.patch(
    apiPaths.teachingLogEntry,
    {
      config: logLessons,
      schema: {
        params: uuidParamsSchema,
        body: updateTeachingLogRequestSchema,
        response: { 200: teachingLogEntryResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return {
        entry: await updateTeachingLogEntry(db, actor, principal, request.params.id, request.body),
      };
    },
  );

  api.delete(
    apiPaths.teachingLogEntry,
    {
      config: logLessons,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { actor, principal } = who(request);
      await deleteTeachingLogEntry(db, actor, principal, request.params.id, request.query.version);
      return done(request, {
        en: 'Lesson taken off the log',
        km: 'បានលុបមេរៀនចេញពីកំណត់ហេតុ',
      });
    },
  );
}
