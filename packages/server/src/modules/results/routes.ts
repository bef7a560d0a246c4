import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  resultSheetSchema,
  resultsExportQuerySchema,
  resultsQuerySchema,
  studentTrendQuerySchema,
  studentTrendSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders } from '../../lib/xlsx.js';
import { assertClassInReach, assertStudentInReach, exportActions, readActions } from './access.js';
import { exportResultSheet } from './export.js';
import { resultSheet, studentTrend } from './sheet.js';

/**
 * Results: a class's result sheet for a month, a term or the year (seen by whoever reads
 * reports or scores of the class), its spreadsheet (whoever may export reports), and a
 * student's averages over a year.
 */
export async function resultRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('reports.read:own', 'scores.read:own');
  const exporting = requires('reports.export:own');

  api.get(
    apiPaths.results,
    {
      config: read,
      schema: { querystring: resultsQuerySchema, response: { 200: resultSheetSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertClassInReach(db, principal, readActions, request.query.classId);
      return resultSheet(db, principal.schoolId, request.query);
    },
  );

  api.get(
    apiPaths.resultsExport,
    { config: exporting, schema: { querystring: resultsExportQuerySchema } },
    async (request, reply) => {
      const principal = principalOf(request);
      const { language, ...query } = request.query;
      await assertClassInReach(db, principal, exportActions, query.classId);
      const { name, data } = await exportResultSheet(
        db,
        principal.schoolId,
        query,
        language ?? requestLanguage(request.headers['accept-language']),
      );
      return reply.headers(attachmentHeaders(name)).send(data);
    },
  );

  api.get(
    apiPaths.resultsStudent,
    {
      config: read,
      schema: {
        params: uuidParamsSchema,
        querystring: studentTrendQuerySchema,
        response: { 200: studentTrendSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertStudentInReach(db, principal, readActions, request.params.id);
      return studentTrend(db, principal.schoolId, request.params.id, request.query.yearId);
    },
  );
}
