import { eq } from 'drizzle-orm';
import type { StudentOrder } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { schools } from '../../db/schema.js';
import { type Tx } from '../../lib/audit.js';

// How the school lists its students: read by every screen and print that lists them.

/** How the school lists its students on every screen and print. */
export async function studentOrderOf(db: Db | Tx, schoolId: string): Promise<StudentOrder> {
  const [row] = await db
    .select({ studentOrder: schools.studentOrder })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row?.studentOrder ?? 'name';
}
