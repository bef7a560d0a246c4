import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createReportJobRequestSchema,
  reportCardsQuerySchema,
  reportCommentResponseSchema,
  reportJobResponseSchema,
  saveReportCommentRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage, requestLanguage } from '../../lib/http-errors.js';
import type { FileStorage } from '../../lib/storage.js';
import { schoolToday } from '../students/service.js';
import { cardImages, cardsForCaller } from './cards.js';
import { saveComment } from './comments.js';
import { renderCardsHtml } from './html.js';
import { ReportJobs, toJob, type ReportJobsOptions } from './jobs.js';
import { CardPrinter, chromiumPath } from './pdf.js';

export interface ReportRoutesOptions {
  db: Db;
  storage: FileStorage;
  /** Cards per printed part of a job (progress moves a part at a time). */
  chunkSize?: number;
  /** How the print queue is shared with other server processes (see ReportJobsOptions). */
  jobs?: Omit<ReportJobsOptions, 'chunkSize'>;
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
  { db, storage, chunkSize, jobs: jobOptions }: ReportRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('reports.read:own', 'reports.export:own');
  const exporting = requires('reports.export:own');
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const jobs = new ReportJobs(db, storage, new CardPrinter(chromiumPath()), app.log, {
    ...jobOptions,
    ...(chunkSize ? { chunkSize } : {}),
  });
  app.addHook('onReady', () => jobs.resume());
  app.addHook('onClose', () => jobs.close());

  api.get(
    apiPaths.reportCards,
    // The printable page may be opened straight in a frame, signed in by the app's cookie.
    { config: { ...read, tokenFromCookie: true }, schema: { querystring: reportCardsQuerySchema } },
    async (request, reply) => {
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
    },
  );

  api.put(
    apiPaths.reportComment,
    {
      config: read,
      schema: {
        body: saveReportCommentRequestSchema,
        response: { 200: reportCommentResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const comment = await saveComment(db, actorOf(request, principal), principal, request.body);
      return {
        comment,
        message: localMessage(request.headers['accept-language'], {
          en: 'Comment saved',
          km: 'បានរក្សាទុកមតិ',
        }),
      };
    },
  );

  api.post(
    apiPaths.reportJobs,
    {
      config: exporting,
      schema: { body: createReportJobRequestSchema, response: { 202: reportJobResponseSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const job = await jobs.create(
        actorOf(request, principal),
        principal,
        request.body,
        language(request),
      );
      return reply.status(202).send({ job });
    },
  );

  api.get(
    apiPaths.reportJob,
    {
      config: exporting,
      schema: { params: uuidParamsSchema, response: { 200: reportJobResponseSchema } },
    },
    async (request, reply) => {
      const row = await jobs.get(principalOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send({ job: toJob(row, language(request)) });
    },
  );

  api.get(
    apiPaths.reportJobFile,
    { config: exporting, schema: { params: uuidParamsSchema } },
    async (request, reply) => {
      const { name, data } = await jobs.file(principalOf(request), request.params.id);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${name}"`,
          'cache-control': 'no-store',
        })
        .send(data);
    },
  );
}
