import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SuccessMessageKey } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
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
import { route } from '../../lib/endpoint.js';

/**
 * Teaching: who teaches what where (assignments), the week's timetable with its clash checks,
 * and the staff's log of lessons taught. Reads are scoped to the classes the caller reaches.
 */
export async function teachingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const who = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { actor: actorOf(request, principal), principal };
  };
  const done = (request: FastifyRequest, key: SuccessMessageKey) => ({
    success: true as const,
    message: successText(request, key),
  });

  route(app, 'getTeachingAssignments', async (request) =>
    listAssignments(db, principalOf(request), request.query),
  );

  route(app, 'postTeachingAssignments', async (request) => {
    const { actor, principal } = who(request);
    return { assignment: await createAssignment(db, actor, principal, request.body) };
  });

  route(app, 'patchTeachingAssignment', async (request) => {
    const { actor, principal } = who(request);
    return {
      assignment: await updateAssignment(db, actor, principal, request.params.id, request.body),
    };
  });

  route(app, 'deleteTeachingAssignment', async (request) => {
    const { actor, principal } = who(request);
    await deleteAssignment(db, actor, principal, request.params.id, request.query.version);
    return done(request, 'TEACHING_ASSIGNMENT_REMOVED');
  });

  route(app, 'getTimetable', async (request) =>
    listTimetable(db, principalOf(request), request.query),
  );

  route(app, 'postTimetable', async (request) => {
    const { actor, principal } = who(request);
    return { entry: await createTimetableEntry(db, actor, principal, request.body) };
  });

  route(app, 'patchTimetableEntry', async (request) => {
    const { actor, principal } = who(request);
    return {
      entry: await updateTimetableEntry(db, actor, principal, request.params.id, request.body),
    };
  });

  route(app, 'deleteTimetableEntry', async (request) => {
    const { actor, principal } = who(request);
    await deleteTimetableEntry(db, actor, principal, request.params.id, request.query.version);
    return done(request, 'LESSON_REMOVED');
  });

  route(app, 'getTeachingLog', async (request) =>
    listTeachingLog(db, principalOf(request), request.query),
  );

  route(app, 'postTeachingLog', async (request) => {
    const { actor, principal } = who(request);
    return { entry: await createTeachingLogEntry(db, actor, principal, request.body) };
  });

  route(app, 'patchTeachingLogEntry', async (request) => {
    const { actor, principal } = who(request);
    return {
      entry: await updateTeachingLogEntry(db, actor, principal, request.params.id, request.body),
    };
  });

  route(app, 'deleteTeachingLogEntry', async (request) => {
    const { actor, principal } = who(request);
    await deleteTeachingLogEntry(db, actor, principal, request.params.id, request.query.version);
    return done(request, 'LESSON_TAKEN_OFF_LOG');
  });
}
