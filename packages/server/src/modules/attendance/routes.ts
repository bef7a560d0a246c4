import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText, requestLanguage } from '../../lib/http-errors.js';
import { attachmentHeaders } from '../../lib/xlsx.js';
import { createLeave, deleteLeave, listLeave } from './leave.js';
import { attendanceClasses, getSheet, openingSheet, saveSheet } from './sheets.js';
import {
  dailyRate,
  exportMonthRegister,
  monthRegister,
  notTaken,
  studentAttendance,
} from './views.js';
import { route } from '../../lib/endpoint.js';

/**
 * Attendance: sheets per class, day and shift (saved idempotently, corrected by the office after
 * the edit window), leave recorded ahead, the month register and the day's summaries.
 */
export async function attendanceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);
  const who = (request: FastifyRequest) => {
    const principal = principalOf(request);
    return { actor: actorOf(request, principal), principal };
  };

  route(app, 'getAttendanceClasses', async (request) => {
    const principal = principalOf(request);
    const options = await attendanceClasses(db, principal);
    return { ...options, opening: await openingSheet(db, principal, options, language(request)) };
  });

  route(app, 'getAttendanceSheet', async (request) => ({
    sheet: await getSheet(db, principalOf(request), request.query, language(request)),
  }));

  route(app, 'postAttendanceSheets', async (request) => {
    const { actor, principal } = who(request);
    const result = await saveSheet(db, actor, principal, request.body, language(request));
    return {
      ...result,
      message:
        result.keptCorrections > 0
          ? successText(request, 'ATTENDANCE_SAVED_CORRECTIONS_KEPT', {
              count: result.keptCorrections,
            })
          : successText(request, 'ATTENDANCE_SAVED'),
    };
  });

  route(app, 'getAttendanceMonth', async (request) =>
    monthRegister(db, principalOf(request), request.query),
  );

  route(app, 'getAttendanceMonthExport', async (request, reply) => {
    const { name, data } = await exportMonthRegister(db, principalOf(request), request.query);
    return reply.headers(attachmentHeaders(name)).send(data);
  });

  route(app, 'getAttendanceStudent', async (request) =>
    studentAttendance(db, principalOf(request), request.params.id, request.query),
  );

  route(app, 'getAttendanceNotTaken', async (request) =>
    notTaken(db, principalOf(request), request.query),
  );

  route(app, 'getAttendanceDaily', async (request) =>
    dailyRate(db, principalOf(request), request.query),
  );

  route(app, 'getAttendanceLeave', async (request) =>
    listLeave(db, principalOf(request), request.query),
  );

  route(app, 'postAttendanceLeave', async (request) => {
    const { actor, principal } = who(request);
    return { leave: await createLeave(db, actor, principal, request.body) };
  });

  route(app, 'deleteAttendanceLeaveEntry', async (request) => {
    const { actor, principal } = who(request);
    await deleteLeave(db, actor, principal, request.params.id);
    return {
      success: true as const,
      message: successText(request, 'LEAVE_REMOVED'),
    };
  });
}
