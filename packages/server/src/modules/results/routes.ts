import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders } from '../../lib/xlsx.js';
import { assertClassReachable, assertStudentReachable } from '../../lib/scope.js';
import { exportActions, readActions } from './access.js';
import { exportResultSheet } from './export.js';
import { resultSheet, studentTrend } from './sheet.js';
import { route } from '../../lib/endpoint.js';

/**
 * Results: a class's result sheet for a month, a term or the year (seen by whoever reads
 * reports or scores of the class), its spreadsheet (whoever may export reports), and a
 * student's averages over a year.
 */
export async function resultRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, 'getResults', async (request) => {
    const principal = principalOf(request);
    await assertClassReachable(db, principal, readActions, request.query.classId);
    return resultSheet(db, principal.schoolId, request.query);
  });

  route(app, 'getResultsExport', async (request, reply) => {
    const principal = principalOf(request);
    const { language, ...query } = request.query;
    await assertClassReachable(db, principal, exportActions, query.classId);
    const { name, data } = await exportResultSheet(
      db,
      principal.schoolId,
      query,
      language ?? requestLanguage(request.headers['accept-language']),
    );
    return reply.headers(attachmentHeaders(name)).send(data);
  });

  route(app, 'getResultsStudent', async (request) => {
    const principal = principalOf(request);
    await assertStudentReachable(db, principal, readActions, request.params.id);
    return studentTrend(db, principal.schoolId, request.params.id, request.query.yearId);
  });
}
