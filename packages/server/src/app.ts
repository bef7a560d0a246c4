import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractErrorMap } from '@sala/contract';
import type { Database } from './db/client.js';
import { registerAccessControl } from './lib/access.js';
import { answerFrameworkError, registerErrorHandler } from './lib/error-handler.js';
import { errorBody, requestLanguage } from './lib/http-errors.js';
import { registerRevalidation } from './lib/revalidate.js';
import { registerRequestGuards } from './lib/request-guards.js';
import { DiskStorage, type FileStorage } from './lib/storage.js';
import { TokenSigner } from './lib/tokens.js';
import { academicRoutes } from './modules/academic/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { benchRoutes } from './modules/bench/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import type { LoginLimits } from './lib/rate-limit-store.js';
import { classRoutes } from './modules/classes/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { employeeRoutes } from './modules/employees/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { defaultUploadLimits, type UploadLimits } from './modules/files/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { privilegeRoutes } from './modules/privileges/routes.js';
import { ReportJobs, type ReportJobsSettings } from './modules/reports/jobs.js';
import { CardPrinter, chromiumPath } from './modules/reports/pdf.js';
import { reportRoutes } from './modules/reports/routes.js';
import { schoolRoutes } from './modules/schools/routes.js';
import { sidebarRoutes } from './modules/sidebar/routes.js';
import { studentRoutes } from './modules/students/routes.js';
import { subjectRoutes } from './modules/subjects/routes.js';
import { teachingRoutes } from './modules/teaching/routes.js';
import { attendanceRoutes } from './modules/attendance/routes.js';
import { resultRoutes } from './modules/results/routes.js';
import { scoreRoutes } from './modules/scores/routes.js';
import { registerTelegram, type TelegramSettings } from './modules/telegram/runtime.js';
import { userRoutes } from './modules/users/routes.js';
import { registerSecurityHeaders } from './security.js';
import { serveApp } from './static.js';

/** Sign-in throttling by default: 100 failures per address, 10 per account, per 15 minutes. */
export const defaultLoginLimits: LoginLimits = {
  perIp: 100,
  perAccount: 10,
  windowMs: 15 * 60 * 1000,
};
/** The largest image upload by default: 5 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export interface BuildOptions {
  database: Database;
  signingKey: Uint8Array;
  /** Folder of the built app to serve; the API alone when undefined. */
  appDir?: string | undefined;
  apiBaseUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files' bytes go; required unless dataDir is given (disk under it). */
  storage?: FileStorage;
  dataDir?: string;
  loginLimits?: Partial<LoginLimits>;
  uploadMaxBytes?: number;
  /** Upload quotas and rates, and how long an unused upload is kept (see defaultUploadLimits). */
  uploadLimits?: Partial<UploadLimits>;
  /** Remove unused uploads every `intervalMs` (an hour) in this process; off unless asked. */
  fileSweep?: { intervalMs?: number };
  /**
   * Telegram: where its API is, the key that seals bot tokens, the public address for the
   * webhook, and whether this process sends and polls (off unless asked, as in tests).
   */
  telegram?: TelegramSettings;
  /**
   * The report-card print queue shared with other server processes: how often to look for jobs
   * asked of them (never by default: tests), how long a job is one process's without news, the
   * jobs one user and one school may have waiting, and what prints (tests give their own).
   */
  reportJobs?: ReportJobsSettings;
  /** The benchmark's reference routes (/api/bench/bare, /api/bench/token); off by default. */
  benchRoutes?: boolean;
}

/** Builds the HTTP server: the API, and the app when its build folder is given. */
export async function buildServer(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.SALA_TRUST_PROXY === '1',
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
  });
  // Every refusal zod finds says why in the contract's words (`TOO_LONG?max=200`), as the
  // app's own check of the same schema does.
  z.config({ customError: contractErrorMap });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const signer = new TokenSigner(options.signingKey);
  const { db } = options.database;
  const storage =
    options.storage ??
    (options.dataDir ? new DiskStorage(path.join(options.dataDir, 'uploads')) : undefined);
  if (!storage) throw new Error('buildServer needs a storage or a dataDir for uploaded files');
  const uploadMaxBytes = options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  const uploadLimits = { ...defaultUploadLimits, ...options.uploadLimits };

  await registerSecurityHeaders(app, {
    appDir: options.appDir,
    apiBaseUrl: options.apiBaseUrl ?? '',
  });
  // Before the compression's hook: the tag is of the answer itself, not of its compressed bytes.
  registerRevalidation(app);
  // The app's files first: the build compressed them already and static.ts sends those copies
  // as they are, so the compression below (which applies to routes registered after it) never
  // spends a request's CPU on one of them.
  const spa = options.appDir
    ? await serveApp(app, { appDir: options.appDir, apiBaseUrl: options.apiBaseUrl ?? '' })
    : undefined;
  // Answers of over 1 KB (a register, a gradebook, a list) are compressed for a browser that
  // takes it, at a quick brotli level: each is compressed once, on its way out.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  });
  registerAccessControl(app, { db, signer });
  registerRequestGuards(app);

  await app.register(healthRoutes, { database: options.database });
  const loginLimits = { ...defaultLoginLimits, ...options.loginLimits };
  await app.register(authRoutes, { db, signer, loginLimits });
  await app.register(accountRoutes, { db, storage, loginLimits });
  await app.register(userRoutes, { db });
  await app.register(privilegeRoutes, { db });
  await app.register(schoolRoutes, { db, storage });
  await app.register(sidebarRoutes, { db });
  await app.register(fileRoutes, {
    db,
    storage,
    maxBytes: uploadMaxBytes,
    limits: uploadLimits,
    sweep: options.fileSweep,
  });
  await app.register(auditRoutes, { db });
  await app.register(departmentRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(studentRoutes, { db, storage });
  await app.register(importRoutes, { db });
  await app.register(academicRoutes, { db });
  await app.register(classRoutes, { db });
  await app.register(employeeRoutes, { db, storage });
  await app.register(subjectRoutes, { db });
  await app.register(teachingRoutes, { db });
  await app.register(attendanceRoutes, { db });
  const { printer, ...reportJobOptions } = options.reportJobs ?? {};
  const reportJobs = new ReportJobs(
    db,
    storage,
    printer ?? new CardPrinter(chromiumPath()),
    app.log,
    reportJobOptions,
  );
  await app.register(reportRoutes, { db, storage, jobs: reportJobs });
  await app.register(resultRoutes, { db });
  await app.register(scoreRoutes, { db });
  if (options.benchRoutes) await app.register(benchRoutes, { signer });
  const telegram = await registerTelegram(app, db, options.telegram ?? {}, options.dataDir);

  // The background jobs (report-card PDFs, Telegram sends) run once the server is ready and
  // stop, their jobs in hand done, when it closes.
  app.addHook('onReady', async () => {
    await reportJobs.resume();
    telegram.outbox?.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([reportJobs.close(), telegram.outbox?.stop()]);
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (spa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return spa.sendIndex(request, reply);
    }
    const lang = requestLanguage(request.headers['accept-language']);
    return reply.status(404).send(errorBody('NOT_FOUND', lang, request.id));
  });

  return app;
}
