import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { registerAccessControl } from './lib/access.js';
import { answerFrameworkError, registerErrorHandler } from './lib/error-handler.js';
import { errorBody, requestLanguage } from './lib/http-errors.js';
import { registerRequestGuards } from './lib/request-guards.js';
import { DiskStorage, type FileStorage } from './lib/storage.js';
import { TokenSigner } from './lib/tokens.js';
import { academicRoutes } from './modules/academic/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { benchRoutes } from './modules/bench/routes.js';
import { authRoutes, type LoginLimits } from './modules/auth/routes.js';
import { classRoutes } from './modules/classes/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { departmentRoutes } from './modules/departments/routes.js';
import { employeeRoutes } from './modules/employees/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { privilegeRoutes } from './modules/privileges/routes.js';
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
  /**
   * Telegram: where its API is, the key that seals bot tokens, the public address for the
   * webhook, and whether this process sends and polls (off unless asked, as in tests).
   */
  telegram?: TelegramSettings;
  /**
   * The report-card print queue shared with other server processes: how often to look for jobs
   * asked of them (never by default: tests), and how long a job is one process's without news.
   */
  reportJobs?: { pollMs?: number; leaseMs?: number };
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

  await registerSecurityHeaders(app, {
    appDir: options.appDir,
    apiBaseUrl: options.apiBaseUrl ?? '',
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
  await app.register(accountRoutes, { db, loginLimits });
  await app.register(userRoutes, { db });
  await app.register(privilegeRoutes, { db });
  await app.register(schoolRoutes, { db });
  await app.register(sidebarRoutes, { db });
  await app.register(fileRoutes, { db, storage, maxBytes: uploadMaxBytes });
  await app.register(auditRoutes, { db });
  await app.register(departmentRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(studentRoutes, { db });
  await app.register(importRoutes, { db });
  await app.register(academicRoutes, { db });
  await app.register(classRoutes, { db });
  await app.register(employeeRoutes, { db });
  await app.register(subjectRoutes, { db });
  await app.register(teachingRoutes, { db });
  await app.register(attendanceRoutes, { db });
  await app.register(reportRoutes, {
    db,
    storage,
    ...(options.reportJobs ? { jobs: options.reportJobs } : {}),
  });
  await app.register(resultRoutes, { db });
  await app.register(scoreRoutes, { db });
  if (options.benchRoutes) await app.register(benchRoutes, { signer });
  await registerTelegram(app, db, options.telegram ?? {}, options.dataDir);

  const spa = options.appDir
    ? await serveApp(app, { appDir: options.appDir, apiBaseUrl: options.apiBaseUrl ?? '' })
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (spa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return spa.sendIndex(reply, request.url);
    }
    const lang = requestLanguage(request.headers['accept-language']);
    return reply.status(404).send(errorBody('NOT_FOUND', lang, request.id));
  });

  return app;
}
