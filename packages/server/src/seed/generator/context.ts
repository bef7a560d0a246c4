import type { Tx } from '../../lib/audit.js';
import type { Calendar } from './school.js';
import type { Draw } from './sql.js';
import type { SchoolJob } from './types.js';

/** What every step of one school's generation works in: its transaction, job, draws and year. */
export interface SchoolContext {
  tx: Tx;
  job: SchoolJob;
  r: Draw;
  schoolId: string;
  calendar: Calendar;
  yearId: string;
}
