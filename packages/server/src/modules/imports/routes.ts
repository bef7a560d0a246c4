import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  employeeListQuerySchema,
  importQuerySchema,
  importResultSchema,
  studentExportQuerySchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders, IMPORT_MAX_BYTES } from '../../lib/xlsx.js';
import { exportEmployees, importEmployees } from './employees.js';
import { exportStudents, importStudents } from './students.js';

/** The one `file` part of an upload, read with its own size limit. */
async function uploadedFile(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  if (!part || part.fieldname !== 'file') throw new HttpError(400, 'FILE_REQUIRED');
  // toBuffer() stops reading and throws FST_REQ_FILE_TOO_LARGE past the limit.
  const data = await part.toBuffer();
  return { data, filename: part.filename.slice(0, 200) };
}

/** XLSX export of the student and staff lists, and their import with a preview. */
export async function importRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const send = (reply: FastifyReply, name: string, data: Buffer) =>
    reply.headers(attachmentHeaders(name)).send(data);
  const bodyLimit = IMPORT_MAX_BYTES + 64 * 1024;
  const importSchema = { querystring: importQuerySchema, response: { 200: importResultSchema } };

  api.get(
    apiPaths.studentsExport,
    {
      config: requires('students.read:own', 'students.manage:school'),
      schema: { querystring: studentExportQuerySchema },
    },
    async (request, reply) =>
      send(
        reply,
        'students',
        await exportStudents(db, principalOf(request), request.query, language(request)),
      ),
  );

  api.post(
    apiPaths.studentsImport,
    { config: requires('students.manage:school'), bodyLimit, schema: importSchema },
    async (request) => {
      const { data, filename } = await uploadedFile(request);
      return importStudents(db, actorOf(request, principalOf(request)), data, {
        confirm: request.query.confirm,
        language: language(request),
        filename,
      });
    },
  );

  api.get(
    apiPaths.employeesExport,
    {
      config: requires('employees.read:department'),
      // The list's query as it is; paging is ignored.
      schema: { querystring: employeeListQuerySchema },
    },
    async (request, reply) =>
      send(
        reply,
        'staff',
        await exportEmployees(db, principalOf(request), request.query, language(request)),
      ),
  );

  api.post(
    apiPaths.employeesImport,
    { config: requires('employees.manage:school'), bodyLimit, schema: importSchema },
    async (request) => {
      const { data, filename } = await uploadedFile(request);
      return importEmployees(db, actorOf(request, principalOf(request)), data, {
        confirm: request.query.confirm,
        language: language(request),
        filename,
      });
    },
  );
}
