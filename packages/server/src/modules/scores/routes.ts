import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  saveScoresRequestSchema,
  saveScoresResponseSchema,
  scoreClassesResponseSchema,
  scoreImportPreviewSchema,
  scoreSheetQuerySchema,
  scoreSheetResponseSchema,
  scoreStatusRequestSchema,
  scoreStatusResponseSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders, IMPORT_MAX_BYTES } from '../../lib/xlsx.js';
import { saveScores } from './save.js';
import { getScoreSheet, scoreClasses } from './sheets.js';
import { previewScoreImport, scoreTemplate } from './spreadsheet.js';
import { changeScoreStatus } from './status.js';

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires(
    'scores.read:own',
    'scores.enter:own',
    'scores.publish:department',
    'scores.unlock:school',
  );
  const enter = requires('scores.enter:own');
  const move = requires('scores.enter:own', 'scores.publish:department', 'scores.unlock:school');
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

  api.get(
    apiPaths.scoreClasses,
    { config: read, schema: { response: { 200: scoreClassesResponseSchema } } },
    async (request) => scoreClasses(db, principalOf(request)),
  );

  api.get(
    apiPaths.scoreSheet,
    {
      config: read,
      schema: { querystring: scoreSheetQuerySchema, response: { 200: scoreSheetResponseSchema } },
    },
    async (request) => getScoreSheet(db, principalOf(request), request.query, language(request)),
  );

  api.post(
    apiPaths.scoreBatch,
    {
      config: enter,
      schema: { body: saveScoresRequestSchema, response: { 200: saveScoresResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return saveScores(
        db,
        actorOf(request, principal),
        principal,
        request.body,
        language(request),
      );
    },
  );

  api.post(
    apiPaths.scoreStatus,
    {
      config: move,
      schema: { body: scoreStatusRequestSchema, response: { 200: scoreStatusResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const { response } = await changeScoreStatus(
        db,
        actorOf(request, principal),
        principal,
        request.body,
      );
      return response;
    },
  );

  api.post(
    apiPaths.scoreImportPreview,
    {
      config: enter,
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
      schema: { querystring: scoreSheetQuerySchema, response: { 200: scoreImportPreviewSchema } },
    },
    async (request) => {
      const data = await uploadedFile(request);
      return previewScoreImport(db, principalOf(request), request.query, data, language(request));
    },
  );

  api.get(
    apiPaths.scoreTemplate,
    { config: read, schema: { querystring: scoreSheetQuerySchema } },
    async (request, reply) => {
      const data = await scoreTemplate(db, principalOf(request), request.query, language(request));
      return reply.headers(attachmentHeaders('scores')).send(data);
    },
  );
}
