import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  academicYearListResponseSchema,
  academicYearResponseSchema,
  apiPaths,
  createAcademicYearRequestSchema,
  createGradeLevelRequestSchema,
  deleteQuerySchema,
  gradeLevelListResponseSchema,
  gradeLevelResponseSchema,
  hasAnyPermission,
  okResponseSchema,
  periodListResponseSchema,
  rolloverRequestSchema,
  rolloverResponseSchema,
  setPeriodsRequestSchema,
  updateAcademicYearRequestSchema,
  updateGradeLevelRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, localMessage } from '../../lib/http-errors.js';
import {
  createGradeLevel,
  deleteGradeLevel,
  getGradeLevel,
  listGradeLevels,
  updateGradeLevel,
} from './grade-levels.js';
import { listPeriods, setPeriods } from './periods.js';
import { rolloverYear } from './rollover.js';
import {
  createAcademicYear,
  deleteAcademicYear,
  getAcademicYear,
  listAcademicYears,
  updateAcademicYear,
} from './service.js';

/** The school's calendar and grades: academic years and terms, rollover, grade levels, periods. */
export async function academicRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('academic.read:school', 'academic.manage:school');
  const manage = requires('academic.manage:school');
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));
  const schoolOf = (request: Parameters<typeof actorOf>[0]) => principalOf(request).schoolId;
  const deleted = (acceptLanguage: string | undefined, en: string, km: string) => ({
    success: true as const,
    message: localMessage(acceptLanguage, { en, km }),
  });

  api.get(
    apiPaths.academicYears,
    { config: read, schema: { response: { 200: academicYearListResponseSchema } } },
    async (request) => ({ items: await listAcademicYears(db, schoolOf(request)) }),
  );

  api.post(
    apiPaths.academicYears,
    {
      config: manage,
      schema: {
        body: createAcademicYearRequestSchema,
        response: { 200: academicYearResponseSchema },
      },
    },
    async (request) => ({ year: await createAcademicYear(db, actor(request), request.body) }),
  );

  api.get(
    apiPaths.academicYear,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: academicYearResponseSchema } },
    },
    async (request) => ({
      year: await getAcademicYear(db, schoolOf(request), request.params.id),
    }),
  );

  api.patch(
    apiPaths.academicYear,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateAcademicYearRequestSchema,
        response: { 200: academicYearResponseSchema },
      },
    },
    async (request) => ({
      year: await updateAcademicYear(db, actor(request), request.params.id, request.body),
    }),
  );

  api.delete(
    apiPaths.academicYear,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteAcademicYear(db, actor(request), request.params.id, request.query.version);
      return deleted(request.headers['accept-language'], 'Academic year deleted', 'បានលុបឆ្នាំសិក្សា');
    },
  );

  api.post(
    apiPaths.academicYearRollover,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: rolloverRequestSchema,
        response: { 200: rolloverResponseSchema },
      },
    },
    async (request) => {
      // It creates classes and moves students too: it needs the right to manage classes.
      if (!hasAnyPermission(principalOf(request).permissions, ['classes.manage:school'])) {
        throw new HttpError(403, 'FORBIDDEN');
      }
      return rolloverYear(db, actor(request), request.params.id, request.body);
    },
  );

  api.get(
    apiPaths.gradeLevels,
    { config: read, schema: { response: { 200: gradeLevelListResponseSchema } } },
    async (request) => ({ items: await listGradeLevels(db, schoolOf(request)) }),
  );

  api.post(
    apiPaths.gradeLevels,
    {
      config: manage,
      schema: { body: createGradeLevelRequestSchema, response: { 200: gradeLevelResponseSchema } },
    },
    async (request) => ({ gradeLevel: await createGradeLevel(db, actor(request), request.body) }),
  );

  api.get(
    apiPaths.gradeLevel,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: gradeLevelResponseSchema } },
    },
    async (request) => ({
      gradeLevel: await getGradeLevel(db, schoolOf(request), request.params.id),
    }),
  );

  api.patch(
    apiPaths.gradeLevel,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateGradeLevelRequestSchema,
        response: { 200: gradeLevelResponseSchema },
      },
    },
    async (request) => ({
      gradeLevel: await updateGradeLevel(db, actor(request), request.params.id, request.body),
    }),
  );

  api.delete(
    apiPaths.gradeLevel,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteGradeLevel(db, actor(request), request.params.id, request.query.version);
      return deleted(request.headers['accept-language'], 'Grade level deleted', 'បានលុបកម្រិតថ្នាក់');
    },
  );

  api.get(
    apiPaths.periods,
    {
      // Teachers read the day's periods with their timetable.
      config: requires('academic.read:school', 'academic.manage:school', 'teaching.read:own'),
      schema: { response: { 200: periodListResponseSchema } },
    },
    async (request) => ({ items: await listPeriods(db, schoolOf(request)) }),
  );

  api.put(
    apiPaths.periods,
    {
      config: manage,
      schema: { body: setPeriodsRequestSchema, response: { 200: periodListResponseSchema } },
    },
    async (request) => ({ items: await setPeriods(db, actor(request), request.body) }),
  );
}
