import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FilePurpose } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { throttle, type AttemptLimit } from '../../lib/rate-limit-store.js';
import type { FileStorage } from '../../lib/storage.js';
import {
  defaultUploadLimits,
  readFile,
  storeImage,
  sweepUnusedFiles,
  type UploadLimits,
} from './service.js';
import { route } from '../../lib/endpoint.js';

export interface FileRoutesOptions {
  db: Db;
  storage: FileStorage;
  /** The largest image accepted, in bytes. */
  maxBytes: number;
  /** Quotas and rates of uploads (see `defaultUploadLimits`). */
  limits?: UploadLimits;
  /** Remove unused uploads every `intervalMs` (an hour by default) while the server runs. */
  sweep?: { intervalMs?: number } | undefined;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Image uploads (avatars, the school's logo, student photos) and their download. Only an active
 * account uploads (one waiting for approval is refused with 403 ACCOUNT_PENDING), so many a
 * minute (429 TOO_MANY_UPLOADS, the account's count first so that one account alone does not use
 * up the school's), and within its own and its school's quota of bytes (413, see `storeImage`).
 */
export async function fileRoutes(
  app: FastifyInstance,
  { db, storage, maxBytes, limits = defaultUploadLimits, sweep }: FileRoutesOptions,
) {
  if (sweep) scheduleSweep(app, db, storage, limits.orphanGraceMs, sweep.intervalMs ?? HOUR);

  const activeOnly = async (request: FastifyRequest, _reply: FastifyReply) => {
    const { status } = principalOf(request);
    if (status === 'pending') throw new HttpError(403, 'ACCOUNT_PENDING');
    if (status !== 'active') throw new HttpError(403, 'ACCOUNT_DISABLED');
  };
  const perUser: AttemptLimit = {
    max: limits.userPerMinute,
    windowMs: MINUTE,
    key: (request) => `upload:user:${principalOf(request).userId}`,
    code: 'TOO_MANY_UPLOADS',
  };
  const perSchool: AttemptLimit = {
    max: limits.schoolPerMinute,
    windowMs: MINUTE,
    key: (request) => `upload:school:${principalOf(request).schoolId}`,
    code: 'TOO_MANY_UPLOADS',
  };
  const preHandler = [activeOnly, throttle(db, perUser), throttle(db, perSchool)];

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
      limits,
    );
    return { file };
  };
  // Multipart bodies are read by the handler with their own file-size limit.
  const bodyLimit = maxBytes + 64 * 1024;

  route(app, 'postUploadAvatar', (request) => upload(request, 'avatar'), { bodyLimit, preHandler });
  route(app, 'postUploadLogo', (request) => upload(request, 'logo'), { bodyLimit, preHandler });
  route(app, 'postUploadStudentPhoto', (request) => upload(request, 'student-photo'), {
    bodyLimit,
    preHandler,
  });

  route(app, 'getFile', async (request, reply) => {
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
  });
}

/**
 * Sweeps unused uploads a minute after the server starts, then every `intervalMs` after the
 * previous sweep ended, until the server closes. Every server process may do so (see
 * `sweepUnusedFiles`); a sweep that fails is logged and tried again at the next turn.
 */
function scheduleSweep(
  app: FastifyInstance,
  db: Db,
  storage: FileStorage,
  graceMs: number,
  intervalMs: number,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const turn = () => {
    running = sweepUnusedFiles(db, storage, graceMs)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'unused uploads removed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sweep of unused uploads failed'))
      .finally(() => {
        running = undefined;
        if (!closed) timer = setTimeout(turn, intervalMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(turn, Math.min(MINUTE, intervalMs)).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
