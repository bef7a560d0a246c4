import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyPermission, type SuccessMessageKey } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { HttpError, successText } from '../../lib/http-errors.js';
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
import { route } from '../../lib/endpoint.js';

/** The school's calendar and grades: academic years and terms, rollover, grade levels, periods. */
export async function academicRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));
  const schoolOf = (request: Parameters<typeof actorOf>[0]) => principalOf(request).schoolId;
  const deleted = (request: FastifyRequest, key: SuccessMessageKey) => ({
    success: true as const,
    message: successText(request, key),
  });

  route(app, 'getAcademicYears', async (request) => ({
    items: await listAcademicYears(db, schoolOf(request)),
  }));

  route(app, 'postAcademicYears', async (request) => ({
    year: await createAcademicYear(db, actor(request), request.body),
  }));

  route(app, 'getAcademicYear', async (request) => ({
    year: await getAcademicYear(db, schoolOf(request), request.params.id),
  }));

  route(app, 'patchAcademicYear', async (request) => ({
    year: await updateAcademicYear(db, actor(request), request.params.id, request.body),
  }));

  route(app, 'deleteAcademicYear', async (request) => {
    await deleteAcademicYear(db, actor(request), request.params.id, request.query.version);
    return deleted(request, 'ACADEMIC_YEAR_DELETED');
  });

  route(app, 'postAcademicYearRollover', async (request) => {
    // It creates classes and moves students too: it needs the right to manage classes.
    if (!hasAnyPermission(principalOf(request).permissions, ['classes.manage:school'])) {
      throw new HttpError(403, 'FORBIDDEN');
    }
    return rolloverYear(db, actor(request), request.params.id, request.body);
  });

  route(app, 'getGradeLevels', async (request) => ({
    items: await listGradeLevels(db, schoolOf(request)),
  }));

  route(app, 'postGradeLevels', async (request) => ({
    gradeLevel: await createGradeLevel(db, actor(request), request.body),
  }));

  route(app, 'getGradeLevel', async (request) => ({
    gradeLevel: await getGradeLevel(db, schoolOf(request), request.params.id),
  }));

  route(app, 'patchGradeLevel', async (request) => ({
    gradeLevel: await updateGradeLevel(db, actor(request), request.params.id, request.body),
  }));

  route(app, 'deleteGradeLevel', async (request) => {
    await deleteGradeLevel(db, actor(request), request.params.id, request.query.version);
    return deleted(request, 'GRADE_LEVEL_DELETED');
  });

  route(app, 'getPeriods', async (request) => ({
    items: await listPeriods(db, schoolOf(request)),
  }));

  route(app, 'putPeriods', async (request) => ({
    items: await setPeriods(db, actor(request), request.body),
  }));
}
