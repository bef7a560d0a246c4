import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { route, type EndpointRequest } from '../../lib/endpoint.js';
import { successText, requestLanguage } from '../../lib/http-errors.js';
import {
  createStudent,
  deleteStudent,
  endEnrollment,
  enrolStudent,
  getStudent,
  learnerList,
  listStudents,
  updateStudent,
} from './service.js';

/**
 * Students: list (scoped to the caller's classes at own or department scope), read with their
 * enrollment history, create, edit, delete (refused once enrolled), enrol, transfer and end an
 * enrollment; and the spec's learner and student calls.
 */
export async function studentRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
) {
  const actor = (request: FastifyRequest) => actorOf(request, principalOf(request));
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

  const list = (request: EndpointRequest<'getStudents' | 'getStudentList'>) =>
    listStudents(db, principalOf(request), request.query, language(request));
  route(app, 'getStudents', list);
  route(app, 'getStudentList', list);

  route(app, 'getLearnerList', async (request) => ({
    items: await learnerList(db, principalOf(request), request.query, language(request)),
  }));

  const create = async (request: EndpointRequest<'postStudents' | 'postStudentCreate'>) => ({
    student: (await createStudent(db, actor(request), request.body)).student,
  });
  route(app, 'postStudents', create);
  route(app, 'postStudentCreate', create);

  route(app, 'getStudent', async (request) =>
    getStudent(db, principalOf(request).schoolId, request.params.id, principalOf(request)),
  );

  route(app, 'patchStudent', async (request) => ({
    student: (await updateStudent(db, actor(request), request.params.id, request.body, storage))
      .student,
  }));

  route(app, 'postStudentUpdate', async (request) => {
    const { id, ...changes } = request.body;
    return { student: (await updateStudent(db, actor(request), id, changes, storage)).student };
  });

  route(app, 'deleteStudent', async (request) => {
    await deleteStudent(db, actor(request), request.params.id, request.query.version, storage);
    return {
      success: true as const,
      message: successText(request, 'STUDENT_DELETED'),
    };
  });

  route(app, 'postStudentEnrollments', async (request) =>
    enrolStudent(db, actor(request), request.params.id, request.body),
  );

  route(app, 'postStudentEnrollmentEnd', async (request) =>
    endEnrollment(db, actor(request), request.params.id, request.body),
  );
}
