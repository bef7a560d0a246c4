import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders, IMPORT_MAX_BYTES } from '../../lib/xlsx.js';
import { saveScores } from './save.js';
import { getScoreSheet, scoreClasses } from './sheets.js';
import { publishPreview } from './publish.js';
import { previewScoreImport, scoreTemplate } from './spreadsheet.js';
import { changeScoreStatus } from './status.js';
import { route } from '../../lib/endpoint.js';

/** The one `file` part of an upload, read with its own size limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
  const part = await request.file({
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });
  if (!part || part.fieldname !== 'file') throw new HttpError(400, 'FILE_REQUIRED');
  return part.toBuffer();
}

/**
 * Scores: the gradebook of a class for a month's test or a term's exam, saved in batches (all or
 * nothing), moved from draft to submitted to published (locked) and back by those allowed, and
 * filled from an XLSX matched by student code.
 */
export async function scoreRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

  route(app, 'getScoreClasses', async (request) => scoreClasses(db, principalOf(request)));

  route(app, 'getScoreSheet', async (request) =>
    getScoreSheet(db, principalOf(request), request.query),
  );

  route(app, 'postScoreBatch', async (request) => {
    const principal = principalOf(request);
    return saveScores(db, actorOf(request, principal), principal, request.body, language(request));
  });

  route(app, 'postScoreStatus', async (request) => {
    const principal = principalOf(request);
    const { response } = await changeScoreStatus(
      db,
      actorOf(request, principal),
      principal,
      request.body,
    );
    return response;
  });

  route(app, 'getScorePublishPreview', async (request) =>
    publishPreview(db, principalOf(request), request.query),
  );

  route(
    app,
    'postScoreImportPreview',
    async (request) => {
      const data = await uploadedFile(request);
      return previewScoreImport(db, principalOf(request), request.query, data, language(request));
    },
    { bodyLimit: IMPORT_MAX_BYTES + 64 * 1024 },
  );

  route(app, 'getScoreTemplate', async (request, reply) => {
    const data = await scoreTemplate(db, principalOf(request), request.query, language(request));
    return reply.headers(attachmentHeaders('scores')).send(data);
  });
}
