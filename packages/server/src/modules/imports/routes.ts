import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders, IMPORT_MAX_BYTES } from '../../lib/xlsx.js';
import { exportEmployees, importEmployees } from './employees.js';
import { exportStudents, importStudents } from './students.js';
import { route } from '../../lib/endpoint.js';

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
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const send = (reply: FastifyReply, name: string, data: Buffer) =>
    reply.headers(attachmentHeaders(name)).send(data);
  const bodyLimit = IMPORT_MAX_BYTES + 64 * 1024;

  route(app, 'getStudentsExport', async (request, reply) =>
    send(
      reply,
      'students',
      await exportStudents(db, principalOf(request), request.query, language(request)),
    ),
  );

  route(
    app,
    'postStudentsImport',
    async (request) => {
      const { data, filename } = await uploadedFile(request);
      return importStudents(db, actorOf(request, principalOf(request)), data, {
        confirm: request.query.confirm,
        language: language(request),
        filename,
      });
    },
    { bodyLimit },
  );

  // The list's query as it is; paging is ignored.
  route(app, 'getEmployeesExport', async (request, reply) =>
    send(
      reply,
      'staff',
      await exportEmployees(db, principalOf(request), request.query, language(request)),
    ),
  );

  route(
    app,
    'postEmployeesImport',
    async (request) => {
      const { data, filename } = await uploadedFile(request);
      const principal = principalOf(request);
      return importEmployees(db, actorOf(request, principal), principal, data, {
        confirm: request.query.confirm,
        language: language(request),
        filename,
      });
    },
    { bodyLimit },
  );
}
