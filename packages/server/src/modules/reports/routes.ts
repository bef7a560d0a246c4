import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText, requestLanguage } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { schoolToday } from '../../lib/schoolTime.js';
import { cardImages, cardsForCaller } from './cards.js';
import { saveComment } from './comments.js';
import { renderCardsHtml } from './html.js';
import { ReportQueueFull, toJob, type ReportJobs } from './jobs.js';
import { route } from '../../lib/endpoint.js';

export interface ReportRoutesOptions {
  db: Db;
  storage: FileStorage;
  /** The report-card PDFs' queue; the server starts and stops its printing. */
  jobs: ReportJobs;
}

/** The printable page of cards: only its own inline styles, inlined fonts and images. */
const previewPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:; frame-ancestors 'self'";

/**
 * Report cards: their data for a class's period, their printable page, the homeroom teacher's
 * comments, and PDFs printed by the server's Chromium in the background (one at a time per
 * process; any process sharing the database may print a job, and answers its status and file).
 */
export async function reportRoutes(
  app: FastifyInstance,
  { db, storage, jobs }: ReportRoutesOptions,
) {
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

  // The printable page may be opened straight in a frame, signed in by the app's cookie.
  route(app, 'getReportCards', async (request, reply) => {
    const principal = principalOf(request);
    const { format, language: pageLanguage, ...query } = request.query;
    const data = await cardsForCaller(db, principal, query);
    if (format === 'json') return reply.header('cache-control', 'no-store').send(data);
    const html = renderCardsHtml({
      data,
      language: pageLanguage ?? language(request),
      images: await cardImages(db, storage, principal.schoolId, data),
      printedOn: schoolToday(),
    });
    return reply
      .header('content-security-policy', previewPolicy)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  route(app, 'putReportComment', async (request) => {
    const principal = principalOf(request);
    const comment = await saveComment(db, actorOf(request, principal), principal, request.body);
    return {
      comment,
      message: successText(request, 'COMMENT_SAVED'),
    };
  });

  route(app, 'postReportJobs', async (request, reply) => {
    const principal = principalOf(request);
    const job = await jobs
      .create(actorOf(request, principal), principal, request.body, language(request))
      .catch((error: unknown) => {
        // The caller's (or the school's) jobs already waiting: ask again once some are done.
        if (error instanceof ReportQueueFull) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        throw error;
      });
    return reply.status(202).send({ job });
  });

  route(app, 'deleteReportJob', async (request) => {
    const principal = principalOf(request);
    await jobs.cancel(actorOf(request, principal), principal, request.params.id);
    return {
      success: true as const,
      message: successText(request, 'REPORT_PRINT_CANCELLED'),
    };
  });

  route(app, 'getReportJob', async (request, reply) => {
    const row = await jobs.get(principalOf(request), request.params.id);
    return reply.header('cache-control', 'no-store').send({ job: toJob(row, language(request)) });
  });

  route(app, 'getReportJobFile', async (request, reply) => {
    const { name, data } = await jobs.file(principalOf(request), request.params.id);
    return reply
      .headers({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      })
      .send(data);
  });
}
