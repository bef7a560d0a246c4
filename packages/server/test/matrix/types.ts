import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import type { SignedInUser } from '../helpers.js';

export type Caller = 'admin' | 'office' | 'head' | 'teacher' | 'viewer' | 'pending' | 'anonymous';

/** Ids of records of the school under test, for the sample requests (each area adds its own). */
export type Ids = Record<string, string>;

export interface Expectation {
  /** Who passes the access check; everyone else gets 401 (nobody) or 403. */
  allowed: Caller[];
  /** A request valid for this school, sent by another school's administrator. */
  sample: (ids: Ids) => { url?: string; payload?: object; multipart?: boolean };
  /** `missing`: the other school gets 404 (the id is not theirs); `own`: it acts on its own school. */
  otherSchool: 'missing' | 'own';
}

/** One area's part of the permission matrix. */
export interface MatrixArea {
  /** Creates the records the samples name (as the school's administrator); returns their ids. */
  setup?: (context: {
    db: Db;
    schoolId: string;
    admin: SignedInUser;
    app: FastifyInstance;
  }) => Promise<Ids>;
  /** `METHOD /path` → who may call it. */
  expectations: Record<string, Expectation>;
  /** Tables (with a `school_id`) whose rows another school must never change. */
  tables?: string[];
}

/** Everyone signed in with a staff role (not the account waiting for approval). */
export const staff: Caller[] = ['admin', 'office', 'head', 'teacher', 'viewer'];
