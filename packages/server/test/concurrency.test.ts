import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceConflictDetailsSchema,
  errorMessage,
  saveScoresResponseSchema,
  saveSheetResponseSchema,
  scoreConflictDetailsSchema,
  scoreSheetResponseSchema,
  sheetResponseSchema,
  type AttendanceSheet,
  type AttendanceStatus,
  type SaveSheetRequest,
  type ScoreCellInput,
  type SessionOfDay,
} from '@sala/contract';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  auditLog,
  classes,
  employees,
  enrollments,
  gradeLevels,
  scoreSheets,
  students,
  teachingAssignments,
  users,
} from '../src/db/schema.js';
import { seedScoreSchool, type ScoreSchool } from '../src/modules/scores/fixtures.js';
import { addDays, schoolToday } from '../src/lib/schoolTime.js';
import { bootstrapDatabase } from '../src/seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from './helpers.js';

/**
 * Saves that reach the server at the same moment. On PostgreSQL the requests run in parallel on
 * the pool (four connections), so a race between two transactions shows there; PGlite runs them
 * one after the other, in whatever order they arrive. Either way: no save is lost without its
 * sender being told, a repeated save counts once, and saves of different sheets all pass.
 */
describe('saving at the same time', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let office: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let school: ScoreSchool;
  const today = schoolToday();
  /** Classes the demo teacher takes attendance for, each with its own six students. */
  const attendanceClasses: { id: string; pupils: string[] }[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    [admin, office, teacher, head] = (await Promise.all(
      ['admin', 'office', 'teacher', 'head'].map((name) => signIn(server.app, name)),
    )) as [SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    const schoolId = admin.schoolId;
    school = await seedScoreSchool(db, schoolId);

    // Attendance: a year around today (the score year is long past), four classes whose
    // homeroom teacher is the demo teacher.
    const [teacherUser] = await db.select().from(users).where(eq(users.id, teacher.userId));
    const [employee] = await db
      .select()
      .from(employees)
      .where(and(eq(employees.schoolId, schoolId), eq(employees.userId, teacherUser!.id)));
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'Attendance year',
        startDate: addDays(today, -150),
        endDate: addDays(today, 200),
        isCurrent: false,
      })
      .returning();
    const [grade] = await db
      .insert(gradeLevels)
      .values({ schoolId, number: 8, nameEn: 'Grade 8', maxScore: 50 })
      .returning();
    const rows = await db
      .insert(classes)
      .values(
        ['A', 'B', 'C', 'D'].map((section) => ({
          schoolId,
          yearId: year!.id,
          gradeLevelId: grade!.id,
          section,
          nameEn: `8${section}`,
          session: 'morning' as const,
          homeroomEmployeeId: employee!.id,
        })),
      )
      .returning();
    for (const [c, schoolClass] of rows.entries()) {
      const pupils = await db
        .insert(students)
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            schoolId,
            code: `A${c}${i}`,
            nameEn: `Pupil ${c}-${i}`,
          })),
        )
        .returning();
      await db.insert(enrollments).values(
        pupils.map((pupil) => ({
          schoolId,
          studentId: pupil.id,
          yearId: year!.id,
          classId: schoolClass.id,
          startDate: addDays(today, -150),
        })),
      );
      attendanceClasses.push({ id: schoolClass.id, pupils: pupils.map((pupil) => pupil.id) });
    }
    // The head of department teaches Mathematics in the first: they take its attendance too.
    const [headEmployee] = await db
      .select()
      .from(employees)
      .where(and(eq(employees.schoolId, schoolId), eq(employees.userId, head.userId)));
    await db.insert(teachingAssignments).values({
      schoolId,
      yearId: year!.id,
      classId: attendanceClasses[0]!.id,
      subjectId: school.subjects.math,
      employeeId: headEmployee!.id,
    });
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    who: SignedInUser,
    payload?: object,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });

  describe('attendance', () => {
    interface Slot {
      classId: string;
      pupils: string[];
      date: string;
      session: SessionOfDay;
    }
    /** Every class, day (within the teacher's edit window, but its last) and shift. */
    const slots = function* (): Generator<Slot> {
      for (let day = 0; day < 6; day += 1) {
        for (const session of ['morning', 'afternoon'] as const) {
          for (const { id, pupils } of attendanceClasses) {
            yield { classId: id, pupils, date: addDays(today, -day), session };
          }
        }
      }
    };
    let unused: Generator<Slot>;
    const freshSlot = () => {
      unused ??= slots();
      const next = unused.next();
      if (next.done) throw new Error('out of attendance slots');
      return next.value;
    };

    const load = async (slot: Slot, who: SignedInUser) => {
      const query = new URLSearchParams({
        classId: slot.classId,
        date: slot.date,
        session: slot.session,
      });
      const response = await call('GET', `/api/attendance/sheet?${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return sheetResponseSchema.parse(response.json()).sheet;
    };
    /** What the app sends: every row's mark, changed or not, with the mark it saw there. */
    const saveOf = (
      sheet: AttendanceSheet,
      changes: Record<string, AttendanceStatus>,
    ): SaveSheetRequest => ({
      id: sheet.id,
      classId: sheet.schoolClass.id,
      date: sheet.date,
      session: sheet.session,
      marks: sheet.rows.map((row) => {
        const status = changes[row.student.id] ?? row.status;
        return {
          studentId: row.student.id,
          status,
          minutesLate: status === 'late' ? 5 : null,
          note: '',
          was: { status: row.status, minutesLate: row.minutesLate },
        };
      }),
    });
    const post = (who: SignedInUser, body: SaveSheetRequest, language = 'en') =>
      call('POST', '/api/attendance/sheets', who, body, language);
    /** The slot's sheets and their marks in the database. */
    const stored = async (slot: Slot) => {
      const { db } = server.database;
      const sheets = await db
        .select()
        .from(attendanceSheets)
        .where(
          and(
            eq(attendanceSheets.classId, slot.classId),
            eq(attendanceSheets.date, slot.date),
            eq(attendanceSheets.session, slot.session),
          ),
        );
      const marks =
        sheets.length === 0
          ? []
          : await db
              .select()
              .from(attendanceMarks)
              .where(
                inArray(
                  attendanceMarks.sheetId,
                  sheets.map((sheet) => sheet.id),
                ),
              );
      const audits =
        sheets.length === 0
          ? 0
          : (
              await db
                .select({ n: count() })
                .from(auditLog)
                .where(
                  inArray(
                    auditLog.entityId,
                    sheets.map((sheet) => sheet.id),
                  ),
                )
            )[0]!.n;
      return {
        sheets,
        statusOf: Object.fromEntries(marks.map((mark) => [mark.studentId, mark.status])),
        markCount: marks.length,
        audits,
      };
    };
    const expectedStatuses = (pupils: string[], changes: Record<string, AttendanceStatus>) =>
      Object.fromEntries(pupils.map((id) => [id, changes[id] ?? 'present']));

    it('tells the loser of two first saves of the same sheet, and loses neither (many rounds)', async () => {
      const rounds = 24;
      const outcomes = { teacherWon: 0, officeWon: 0 };
      for (let round = 0; round < rounds; round += 1) {
        const slot = freshSlot();
        const [p0, p1, p2] = slot.pupils;
        // Both open the sheet before either saves: each gets its own new sheet id.
        const [mine, theirs] = await Promise.all([load(slot, teacher), load(slot, office)]);
        expect(mine.saved || theirs.saved).toBe(false);
        expect(mine.id).not.toBe(theirs.id);
        const teacherMarks = { [p0!]: 'absent', [p1!]: 'late' } as const;
        const officeMarks = { [p0!]: 'permission', [p2!]: 'absent' } as const;
        const language = round % 2 === 0 ? 'en' : 'km';
        const [byTeacher, byOffice] = await Promise.all([
          post(teacher, saveOf(mine, teacherMarks), language),
          post(office, saveOf(theirs, officeMarks), language),
        ]);
        const statuses = [byTeacher.statusCode, byOffice.statusCode].sort();
        expect(statuses, `${byTeacher.body}\n${byOffice.body}`).toEqual([200, 409]);
        const teacherWon = byTeacher.statusCode === 200;
        outcomes[teacherWon ? 'teacherWon' : 'officeWon'] += 1;
        const [winner, loser] = teacherWon ? [byTeacher, byOffice] : [byOffice, byTeacher];
        const won = teacherWon ? teacherMarks : officeMarks;
        const lost = teacherWon ? officeMarks : teacherMarks;

        // The loser is told, in their language, which mark and what it holds now.
        const refusal = loser.json();
        expect(refusal.code).toBe('ATTENDANCE_CONFLICT');
        expect(refusal.message).toBe(errorMessage('ATTENDANCE_CONFLICT', language));
        const loserSheet = teacherWon ? theirs : mine;
        const p0Index = loserSheet.rows.findIndex((row) => row.student.id === p0);
        expect(refusal.fieldErrors).toEqual({ [`marks.${p0Index}`]: ['ATTENDANCE_CONFLICT'] });
        const details = attendanceConflictDetailsSchema.parse(refusal.details);
        expect(details.conflicts).toEqual([
          { studentId: p0, status: won[p0!], minutesLate: null, note: '' },
        ]);
        // ...with the sheet as it is now: the winner's.
        const saved = saveSheetResponseSchema.parse(winner.json());
        expect(details.sheet.id).toBe(saved.sheet.id);
        expect(details.sheet.rows.map((row) => row.status)).toEqual(
          saved.sheet.rows.map((row) => row.status),
        );

        // One sheet, the winner's marks only, one audit entry.
        const now = await stored(slot);
        expect(now.sheets).toHaveLength(1);
        expect(now.statusOf).toEqual(expectedStatuses(slot.pupils, won));
        expect(now.audits).toBe(1);

        // The loser reloads, keeps their own marks on top and saves again: both now stand.
        const reloaded = await load(slot, teacherWon ? office : teacher);
        expect(reloaded.id).toBe(saved.sheet.id);
        const again = await post(teacherWon ? office : teacher, saveOf(reloaded, lost));
        expect(again.statusCode, again.body).toBe(200);
        expect((await stored(slot)).statusOf).toEqual(
          expectedStatuses(slot.pupils, { ...won, ...lost }),
        );
      }
      expect(outcomes.teacherWon + outcomes.officeWon).toBe(rounds);
    });

    it('merges saves of the same sheet that change different students; of the same students, one wins and the other is told (many rounds)', async () => {
      // The first class on the last day of the edit window: no fresh slot is taken from there.
      const slot: Slot = {
        classId: attendanceClasses[0]!.id,
        pupils: attendanceClasses[0]!.pupils,
        date: addDays(today, -6),
        session: 'morning',
      };
      const [p0, p1, p2, p3] = slot.pupils;
      const first = await post(teacher, saveOf(await load(slot, teacher), {}));
      expect(first.statusCode, first.body).toBe(200);
      let expected: Record<string, AttendanceStatus> = {};
      const rounds = 30;
      const seen = { merged: 0, refused: 0, correctionKept: 0 };
      for (let round = 0; round < rounds; round += 1) {
        // The other is the head of department (who also teaches the class) or the office,
        // whose saves on the teacher's sheet are corrections.
        const other = round % 3 === 1 ? head : office;
        const [mine, theirs] = await Promise.all([load(slot, teacher), load(slot, other)]);
        const before = (await stored(slot)).sheets[0]!.version;
        const cycle = ['absent', 'late', 'permission', 'present'] as const;
        /** A status `steps` along from the student's mark now. */
        const next = (id: string, steps = 1) =>
          cycle[(cycle.indexOf(mine.rows.find((r) => r.student.id === id)!.status) + steps) % 4]!;
        if (round % 3 === 0) {
          // Different students: both saves pass, both changes stand.
          const [a, b] = await Promise.all([
            post(teacher, saveOf(mine, { [p0!]: next(p0!) })),
            post(other, saveOf(theirs, { [p1!]: next(p1!) })),
          ]);
          expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
          expected = { ...expected, [p0!]: next(p0!), [p1!]: next(p1!) };
          expect((await stored(slot)).sheets[0]!.version).toBe(before + 2);
          seen.merged += 1;
          continue;
        }
        // The same students, differently.
        const mineFor = { [p2!]: next(p2!), [p3!]: next(p3!) };
        const theirsFor = { [p2!]: next(p2!, 2), [p3!]: next(p3!, 2) };
        const [a, b] = await Promise.all([
          post(teacher, saveOf(mine, mineFor)),
          post(other, saveOf(theirs, theirsFor)),
        ]);
        expect(a.statusCode === 200 || b.statusCode === 200, `${a.body}\n${b.body}`).toBe(true);
        if (a.statusCode === 200 && b.statusCode === 200) {
          // Only one way both pass: the office's correction landed first and the teacher's
          // marks met it. The correction stands, the teacher is told so, and their marks are
          // kept beside it as the taken ones.
          expect(other).toBe(office);
          const told = saveSheetResponseSchema.parse(a.json());
          expect(told.keptCorrections).toBe(2);
          expect(told.message).toMatch(/office had corrected 2/);
          for (const id of [p2!, p3!]) {
            expect(told.sheet.rows.find((row) => row.student.id === id)).toMatchObject({
              status: theirsFor[id],
              taken: { status: mineFor[id] },
            });
          }
          expected = { ...expected, ...theirsFor };
          expect((await stored(slot)).sheets[0]!.version).toBe(before + 2);
          seen.correctionKept += 1;
        } else {
          // Exactly one wins, the other is told which marks and what they hold now.
          expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
          const loser = a.statusCode === 409 ? a : b;
          expect(loser.json().code).toBe('ATTENDANCE_CONFLICT');
          const won = a.statusCode === 200 ? mineFor : theirsFor;
          const conflicts = attendanceConflictDetailsSchema.parse(loser.json().details).conflicts;
          expect(conflicts.map((c) => [c.studentId, c.status]).sort()).toEqual(
            Object.entries(won).sort(),
          );
          expected = { ...expected, ...won };
          expect((await stored(slot)).sheets[0]!.version).toBe(before + 1);
          seen.refused += 1;
        }
        expect((await stored(slot)).statusOf).toEqual(expectedStatuses(slot.pupils, expected));
      }
      expect(seen.merged + seen.refused + seen.correctionKept).toBe(rounds);
      expect(seen.refused).toBeGreaterThanOrEqual(10);
    });

    it('counts a save sent ten times at once exactly once', async () => {
      for (const kind of ['new sheet', 'saved sheet'] as const) {
        const slot = freshSlot();
        const [p0, p1] = slot.pupils;
        if (kind === 'saved sheet') {
          const first = await post(teacher, saveOf(await load(slot, teacher), {}));
          expect(first.statusCode, first.body).toBe(200);
        }
        const sheet = await load(slot, teacher);
        const before = await stored(slot);
        const body = saveOf(sheet, { [p0!]: 'absent', [p1!]: 'late' });
        const responses = await Promise.all(Array.from({ length: 10 }, () => post(teacher, body)));
        for (const response of responses) expect(response.statusCode, response.body).toBe(200);
        const results = responses.map((response) => saveSheetResponseSchema.parse(response.json()));
        expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
        // Every answer is the same sheet, as the one save that counted left it.
        for (const result of results) {
          expect(result.sheet.id).toBe(sheet.id);
          expect(result.sheet).toEqual(results[0]!.sheet);
        }
        const after = await stored(slot);
        expect(after.sheets).toHaveLength(1);
        expect(after.sheets[0]!.id).toBe(sheet.id);
        expect(after.markCount).toBe(slot.pupils.length);
        expect(after.statusOf).toEqual(
          expectedStatuses(slot.pupils, { [p0!]: 'absent', [p1!]: 'late' }),
        );
        expect(after.audits).toBe(before.audits + 1);
        expect(after.sheets[0]!.version).toBe(
          kind === 'new sheet' ? 1 : before.sheets[0]!.version + 1,
        );
      }
    });

    it('saves different sheets at once without failing any', async () => {
      const batch = Array.from({ length: 12 }, () => freshSlot());
      const sheets = await Promise.all(batch.map((slot) => load(slot, teacher)));
      const responses = await Promise.all(
        sheets.map((sheet, i) =>
          post(
            i % 3 === 0 ? office : teacher,
            saveOf(sheet, { [batch[i]!.pupils[i % 6]!]: 'absent' }),
          ),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      for (const [i, slot] of batch.entries()) {
        const now = await stored(slot);
        expect(now.sheets).toHaveLength(1);
        expect(now.statusOf).toEqual(
          expectedStatuses(slot.pupils, { [slot.pupils[i % 6]!]: 'absent' }),
        );
      }
    });
  });

  describe('scores', () => {
    const test = (month: number) => ({
      classId: school.classes.c7A,
      termId: school.terms.t1,
      kind: 'month' as const,
      month,
    });
    const load = async (who: SignedInUser, month: number) => {
      const query = new URLSearchParams(
        Object.entries(test(month)).map(([key, value]): [string, string] => [key, String(value)]),
      );
      const response = await call('GET', `/api/scores/sheet?${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return scoreSheetResponseSchema.parse(response.json());
    };
    const save = (who: SignedInUser, month: number, cells: ScoreCellInput[]) =>
      call('POST', '/api/scores/batch', who, { ...test(month), cells });
    /** A cell as the grid sends it: the new value and what the sender saw there. */
    const cellOf = (
      sheet: Awaited<ReturnType<typeof load>>,
      code: string,
      subjectId: string,
      score: number,
    ): ScoreCellInput => {
      const studentId = school.students[code]!;
      const seen = sheet.cells.find((c) => c.studentId === studentId && c.subjectId === subjectId);
      return {
        studentId,
        subjectId,
        score,
        was: { score: seen?.score ?? null, absent: seen?.absent ?? false },
      };
    };
    const valueOf = (sheet: Awaited<ReturnType<typeof load>>, code: string, subjectId: string) =>
      sheet.cells.find((c) => c.studentId === school.students[code] && c.subjectId === subjectId)
        ?.score ?? null;
    const versionOf = async (month: number, subjectId: string) =>
      (
        await server.database.db
          .select({ version: scoreSheets.version })
          .from(scoreSheets)
          .where(
            and(
              eq(scoreSheets.classId, school.classes.c7A),
              eq(scoreSheets.month, month),
              eq(scoreSheets.subjectId, subjectId),
            ),
          )
      )[0]?.version ?? 0;

    it('lets exactly one of two saves of the same cells win, and tells the other which (many rounds)', async () => {
      const khmer = school.subjects.khmer;
      const rounds = 30;
      for (let round = 0; round < rounds; round += 1) {
        const month = 11;
        const [mine, theirs] = await Promise.all([load(teacher, month), load(admin, month)]);
        const before = await versionOf(month, khmer);
        // The teacher types S01 and S02; the administrator S02 and S03: S02 is in both. Every
        // round's values are new, so no save finds its value already there.
        const mineCells = [
          cellOf(mine, 'S01', khmer, round + 0.25),
          cellOf(mine, 'S02', khmer, round + 0.5),
        ];
        const theirsCells = [
          cellOf(theirs, 'S02', khmer, round + 0.75),
          cellOf(theirs, 'S03', khmer, round + 0.1),
        ];
        const [a, b] = await Promise.all([
          save(teacher, month, mineCells),
          save(admin, month, theirsCells),
        ]);
        expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
        const teacherWon = a.statusCode === 200;
        const [winner, loser] = teacherWon ? [a, b] : [b, a];
        const wonCells = teacherWon ? mineCells : theirsCells;
        const refusal = loser.json();
        expect(refusal.code).toBe('SCORE_CONFLICT');
        // Only the shared cell (S02) is named: index 1 of the teacher's, 0 of the administrator's.
        expect(refusal.fieldErrors).toEqual({
          [`cells.${teacherWon ? 0 : 1}`]: ['SCORE_CONFLICT'],
        });
        const conflicts = scoreConflictDetailsSchema.parse(refusal.details).conflicts;
        expect(conflicts.map((c) => [c.studentId, c.score])).toEqual([
          [school.students.S02, teacherWon ? round + 0.5 : round + 0.75],
        ]);
        // The winner's cells stand, the loser's changed nothing (a batch is all or nothing).
        const saved = saveScoresResponseSchema.parse(winner.json());
        expect(saved.changed).toBe(2);
        expect(saved.columns).toEqual([{ subjectId: khmer, status: 'draft', version: before + 1 }]);
        expect(await versionOf(month, khmer)).toBe(before + 1);
        const now = await load(teacher, month);
        for (const cell of wonCells) {
          const stored = now.cells.find(
            (c) => c.studentId === cell.studentId && c.subjectId === khmer,
          );
          expect(stored?.score).toBe(cell.score);
        }
        if (teacherWon) expect(valueOf(now, 'S03', khmer)).toBe(valueOf(mine, 'S03', khmer));
        else expect(valueOf(now, 'S01', khmer)).toBe(valueOf(mine, 'S01', khmer));
      }
    });

    it('counts the same cells sent ten times at once once', async () => {
      const khmer = school.subjects.khmer;
      const sheet = await load(teacher, 12);
      const before = await versionOf(12, khmer);
      const cells = ['S01', 'S02', 'S03'].map((code, i) => cellOf(sheet, code, khmer, 40 + i));
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => save(teacher, 12, cells)),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const changed = responses.map((r) => saveScoresResponseSchema.parse(r.json()).changed);
      expect(changed.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 3]);
      expect(await versionOf(12, khmer)).toBe(before + 1);
      const now = await load(teacher, 12);
      expect(['S01', 'S02', 'S03'].map((code) => valueOf(now, code, khmer))).toEqual([40, 41, 42]);
    });

    it('saves different sheets and cells at once without failing any', async () => {
      const { khmer, math } = school.subjects;
      const months = [11, 12, 1, 2];
      const sheets = await Promise.all(months.map((month) => load(admin, month)));
      const jobs = months.flatMap((month, m) => [
        { who: teacher, month, cells: [cellOf(sheets[m]!, 'S04', khmer, 10 + m)] },
        { who: teacher, month, cells: [cellOf(sheets[m]!, 'S05', khmer, 20 + m)] },
        { who: head, month, cells: [cellOf(sheets[m]!, 'S04', math, 30 + m)] },
      ]);
      const responses = await Promise.all(jobs.map((job) => save(job.who, job.month, job.cells)));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      for (const [m, month] of months.entries()) {
        const now = await load(admin, month);
        expect(valueOf(now, 'S04', khmer)).toBe(10 + m);
        expect(valueOf(now, 'S05', khmer)).toBe(20 + m);
        expect(valueOf(now, 'S04', math)).toBe(30 + m);
      }
    });
  });
});
