import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreSheetResponseSchema } from '@sala/contract';
import { schools } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import { seedDemoSchool } from '../../seed/demoSchool.js';
import { DEMO_PASSWORD, createTestServer, signIn, type TestServer } from '../../../test/helpers.js';

describe("the demo school's scores", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    const [school] = await server.database.db.select().from(schools);
    // Mid-January of the 2026–2027 year: November and December are done, January is under way.
    await seedDemoSchool(server.database.db, school!.id, new Date('2027-01-15T05:00:00Z'));
  }, 180_000);
  afterAll(() => server.close());

  it('has the months of the first semester so far: earlier ones published, the latest a draft', async () => {
    const result = (await server.database.db.execute(sql`
      select ss.month, ss.status, count(distinct ss.id)::int as sheets,
        count(distinct ss.class_id)::int as classes, count(sc.*)::int as cells,
        count(*) filter (where sc.absent)::int as absent,
        count(*) filter (where sc.score > sub.max_score or sc.score < 0)::int as out_of_range
      from score_sheets ss join subjects sub on sub.id = ss.subject_id
      left join scores sc on sc.sheet_id = ss.id
      group by ss.month, ss.status order by ss.month desc
    `)) as unknown as {
      rows: {
        month: number;
        status: string;
        sheets: number;
        classes: number;
        cells: number;
        absent: number;
        out_of_range: number;
      }[];
    };
    const rows = result.rows;
    expect(rows.map((row) => [row.month, row.status])).toEqual([
      [12, 'published'],
      [11, 'published'],
      [1, 'draft'],
    ]);
    for (const row of rows) {
      expect(row.classes).toBe(18);
      expect(row.out_of_range).toBe(0);
      expect(row.absent).toBeGreaterThan(0);
      expect(row.absent).toBeLessThan(row.cells * 0.05);
    }
    // Every subject of every class in the months that are done; some still missing in January.
    expect(rows[0]!.sheets).toBe(18 * 12);
    expect(rows[2]!.sheets).toBeLessThan(18 * 12);
    expect(rows[2]!.sheets).toBeGreaterThan(18 * 6);
  });

  it("shows 7A's December in the homeroom teacher's gradebook", async () => {
    const teacher = await signIn(server.app, 'teacher');
    const classes = (
      await server.app.inject({
        method: 'GET',
        url: '/api/scores/classes',
        headers: teacher.headers,
      })
    ).json() as {
      classes: { id: string; nameEn: string }[];
      terms: { id: string; number: number }[];
    };
    const sevenA = classes.classes.find((c) => c.nameEn === 'Grade 7A')!;
    const term = classes.terms.find((t) => t.number === 1)!;
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/scores/sheet?classId=${sevenA.id}&termId=${term.id}&kind=month&month=12`,
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = scoreSheetResponseSchema.parse(response.json());
    expect(sheet.students).toHaveLength(45);
    expect(sheet.columns).toHaveLength(12);
    expect(sheet.columns.every((column) => column.status === 'published')).toBe(true);
    expect(sheet.cells).toHaveLength(45 * 12);
    const mean =
      sheet.cells.reduce((sum, cell) => sum + (cell.score ?? 0), 0) / sheet.cells.length / 50;
    expect(mean).toBeGreaterThan(0.5);
    expect(mean).toBeLessThan(0.8);
  });
});
