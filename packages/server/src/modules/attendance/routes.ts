import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  attendanceClassesResponseSchema,
  createLeaveRequestSchema,
  dailyRateQuerySchema,
  dailyRateResponseSchema,
  leaveListQuerySchema,
  leaveListResponseSchema,
  leaveResponseSchema,
  monthExportQuerySchema,
  monthQuerySchema,
  monthRegisterSchema,
  notTakenQuerySchema,
  notTakenResponseSchema,
  okResponseSchema,
  saveSheetRequestSchema,
  saveSheetResponseSchema,
  sheetKeySchema,
  sheetResponseSchema,
  studentAttendanceQuerySchema,
  studentAttendanceResponseSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders } from '../../lib/xlsx.js';
import { createLeave, deleteLeave, listLeave } from './leave.js';
import { attendanceClasses, getSheet, saveSheet } from './sheets.js';
import {
  dailyRate,
  exportMonthRegister,
  monthRegister,
  notTaken,
  studentAttendance,
} from './views.js';

/**
 * Attendance: sheets per class, day and shift (saved idempotently, corrected by the office after
 * the edit window), leave recorded ahead, the month register and the day's summaries.
 */
export async function attendanceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires(
    'attendance.read:own',
    'attendance.record:own',
    'attendance.correct:school',
  );
  const record = requires('attendance.record:own', 'attendance.correct:school');
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const who = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { actor: actorOf(request, principal), principal };
  };

  api.get(
    apiPaths.attendanceClasses,
    { config: read, schema: { response: { 200: attendanceClassesResponseSchema } } },
    async (request) => attendanceClasses(db, principalOf(request)),
  );

  api.get(
    apiPaths.attendanceSheet,
    {
      config: read,
      schema: { querystring: sheetKeySchema, response: { 200: sheetResponseSchema } },
    },
    async (request) => ({
      sheet: await getSheet(db, principalOf(request), request.query, language(request)),
    }),
  );

  api.post(
    apiPaths.attendanceSheets,
    {
      config: record,
      schema: { body: saveSheetRequestSchema, response: { 200: saveSheetResponseSchema } },
    },
    async (request) => {
      const { actor, principal } = who(request);
      const result = await saveSheet(db, actor, principal, request.body, language(request));
      return {
        ...result,
        message: localMessage(
          request.headers['accept-language'],
          result.keptCorrections > 0
            ? {
                en: `Attendance saved. The office had corrected ${result.keptCorrections} of these marks since; their corrections were kept.`,
                km: `បានរក្សាទុកវត្តមាន។ ការិយាល័យបានកែតម្រូវ ${result.keptCorrections} នៃវត្តមានទាំងនេះ; ការកែតម្រូវរបស់ពួកគេត្រូវបានរក្សាទុក។`,
              }
            : { en: 'Attendance saved', km: 'បានរក្សាទុកវត្តមាន' },
        ),
      };
    },
  );

  api.get(
    apiPaths.attendanceMonth,
    {
      config: read,
      schema: { querystring: monthQuerySchema, response: { 200: monthRegisterSchema } },
    },
    async (request) => monthRegister(db, principalOf(request), request.query),
  );

  api.get(
    apiPaths.attendanceMonthExport,
    { config: read, schema: { querystring: monthExportQuerySchema } },
    async (request, reply) => {
      const { name, data } = await exportMonthRegister(db, principalOf(request), request.query);
      return reply.headers(attachmentHeaders(name)).send(data);
    },
  );

  api.get(
    apiPaths.attendanceStudent,
    {
      config: read,
      schema: {
        params: uuidParamsSchema,
        querystring: studentAttendanceQuerySchema,
        response: { 200: studentAttendanceResponseSchema },
      },
    },
    async (request) =>
      studentAttendance(db, principalOf(request), request.params.id, request.query),
  );

  api.get(
    apiPaths.attendanceNotTaken,
    {
      config: read,
      schema: { querystring: notTakenQuerySchema, response: { 200: notTakenResponseSchema } },
    },
    async (request) => notTaken(db, principalOf(request), request.query),
  );

  api.get(
    apiPaths.attendanceDaily,
    {
      config: read,
      schema: { querystring: dailyRateQuerySchema, response: { 200: dailyRateResponseSchema } },
    },
    async (request) => dailyRate(db, principalOf(request), request.query),
  );

  api.get(
    apiPaths.attendanceLeave,
    {
      config: read,
      schema: { querystring: leaveListQuerySchema, response: { 200: leaveListResponseSchema } },
    },
    async (request) => listLeave(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.attendanceLeave,
    {
      config: record,
      schema: { body: createLeaveRequestSchema, response: { 200: leaveResponseSchema } },
    },
    async (request) => {
      const { actor, principal } = who(request);
      return { leave: await createLeave(db, actor, principal, request.body) };
    },
  );

  api.delete(
    apiPaths.attendanceLeaveEntry,
    { config: record, schema: { params: uuidParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const { actor, principal } = who(request);
      await deleteLeave(db, actor, principal, request.params.id);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Leave removed',
          km: 'បានលុបច្បាប់',
        }),
      };
    },
  );
}
