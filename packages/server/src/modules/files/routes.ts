import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, fileResponseSchema, uuidParamsSchema, type FilePurpose } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires, signedIn } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { readFile, storeImage } from './service.js';

export interface FileRoutesOptions {
  db: Db;
  storage: FileStorage;
  /** The largest image accepted, in bytes. */
  maxBytes: number;
}

/** Image uploads (avatars, the school's logo, student photos) and their download. */
export async function fileRoutes(
  app: FastifyInstance,
  { db, storage, maxBytes }: FileRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const upload = async (request: FastifyRequest, purpose: FilePurpose) => {
    if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 },
    });
    if (!part) throw new HttpError(400, 'FILE_REQUIRED');
    // toBuffer() stops reading and throws FST_REQ_FILE_TOO_LARGE past the limit.
    const data = await part.toBuffer();
    const file = await storeImage(
      db,
      storage,
      actorOf(request, principalOf(request)),
      purpose,
      data,
    );
    return { file };
  };
  const uploadSchema = { response: { 200: fileResponseSchema } };
  // Multipart bodies are read by the handler with their own file-size limit.
  const bodyLimit = maxBytes + 64 * 1024;

  api.post(
    apiPaths.uploadAvatar,
    { config: signedIn(), bodyLimit, schema: uploadSchema },
    (request) => upload(request, 'avatar'),
  );
  api.post(
    apiPaths.uploadLogo,
    { config: requires('school.manage:school'), bodyLimit, schema: uploadSchema },
    (request) => upload(request, 'logo'),
  );
  api.post(
    apiPaths.uploadStudentPhoto,
    { config: requires('students.manage:school'), bodyLimit, schema: uploadSchema },
    (request) => upload(request, 'student-photo'),
  );

  api.get(
    apiPaths.file,
    {
      // <img src> cannot send a bearer header: the app's access-token cookie is read too.
      config: signedIn({ tokenFromCookie: true }),
      schema: { params: uuidParamsSchema },
    },
    async (request, reply) => {
      const { row, data } = await readFile(db, storage, principalOf(request), request.params.id);
      const etag = `"${row.sha256}"`;
      // A file id never changes its bytes: cached for a year, but only by the user's browser.
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', etag)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(row.mimeType).send(data);
    },
  );
}
