import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import {
  createSubject,
  deleteSubject,
  getSubject,
  listSubjects,
  updateSubject,
} from './service.js';
import { route, type EndpointRequest } from '../../lib/endpoint.js';

/**
 * Subjects: list, read, create, edit and delete (refused while still taught), under their own
 * paths and under the spec's course calls, which name the course in the body.
 */
export async function subjectRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const actor = (request: FastifyRequest) => actorOf(request, principalOf(request));
  const deleted = (request: FastifyRequest) => ({
    success: true as const,
    message: successText(request, 'SUBJECT_DELETED'),
  });

  const list = (request: EndpointRequest<'getSubjects' | 'getCoursesList'>) =>
    listSubjects(db, principalOf(request).schoolId, request.query);
  route(app, 'getSubjects', list);
  route(app, 'getCoursesList', list);

  const create = async (request: EndpointRequest<'postSubjects' | 'postCoursesCreate'>) => ({
    subject: await createSubject(db, actor(request), request.body),
  });
  route(app, 'postSubjects', create);
  route(app, 'postCoursesCreate', create);

  const read = async (request: EndpointRequest<'getSubject' | 'getCourse'>) => ({
    subject: await getSubject(db, principalOf(request).schoolId, request.params.id),
  });
  route(app, 'getSubject', read);
  route(app, 'getCourse', read);

  route(app, 'patchSubject', async (request) => ({
    subject: await updateSubject(db, actor(request), request.params.id, request.body),
  }));

  route(app, 'postCoursesUpdate', async (request) => {
    const { id, ...changes } = request.body;
    return { subject: await updateSubject(db, actor(request), id, changes) };
  });

  route(app, 'deleteSubject', async (request) => {
    await deleteSubject(db, actor(request), request.params.id, request.query.version);
    return deleted(request);
  });

  route(app, 'postCoursesDelete', async (request) => {
    await deleteSubject(db, actor(request), request.body.id, request.body.version);
    return deleted(request);
  });
}
