import { z } from 'zod';
import { usernameSchema } from './auth.js';
import {
  birthDateSchema,
  calendarDateSchema,
  codeSchema,
  genderSchema,
  isoDateSchema,
  localeSchema,
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  phoneInputSchema,
  plainTextSchema,
  requireAName,
  searchSchema,
  versionSchema,
  updateShape,
} from './common.js';

export const workingStatuses = [
  'working',
  'resigned',
  'terminated',
  'expired',
  'abandoned',
] as const;
export type WorkingStatus = (typeof workingStatuses)[number];
export const workingStatusSchema = z.enum(workingStatuses);
export const maritalStatuses = ['single', 'married', 'divorced', 'widowed'] as const;
export type MaritalStatus = (typeof maritalStatuses)[number];
export const maritalStatusSchema = z.enum(maritalStatuses);
/** Registered with the National Social Security Fund (NSSF) or not. */
export const nssfTypes = ['in_system', 'out_system'] as const;
export type NssfType = (typeof nssfTypes)[number];
export const nssfTypeSchema = z.enum(nssfTypes);

/** The labels of the staff enumerations, spelled correctly in both languages. */
export const workingStatusLabels: Record<WorkingStatus, { en: string; km: string }> = {
  working: { en: 'Working', km: 'កំពុងបម្រើការងារ' },
  resigned: { en: 'Resigned', km: 'លាលែងពីការងារ' },
  terminated: { en: 'Terminated', km: 'បញ្ចប់ការងារ' },
  expired: { en: 'Contract ended', km: 'ផុតកិច្ចសន្យា' },
  abandoned: { en: 'Abandoned', km: 'បោះបង់ការងារ' },
};
export const maritalStatusLabels: Record<MaritalStatus, { en: string; km: string }> = {
  single: { en: 'Single', km: 'នៅលីវ' },
  married: { en: 'Married', km: 'រៀបការ' },
  divorced: { en: 'Divorced', km: 'លែងលះ' },
  widowed: { en: 'Widowed', km: 'ពោះម៉ាយ/មេម៉ាយ' },
};
export const nssfTypeLabels: Record<NssfType, { en: string; km: string }> = {
  in_system: { en: 'In the NSSF', km: 'ក្នុងប្រព័ន្ធ ប.ស.ស.' },
  out_system: { en: 'Outside the NSSF', km: 'ក្រៅប្រព័ន្ធ ប.ស.ស.' },
};

const reference = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

export const employeeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  gender: genderSchema.nullable(),
  birthDate: calendarDateSchema.nullable(),
  birthPlace: z.string(),
  /** E.164 */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photoFileId: z.uuid().nullable(),
  department: reference.nullable(),
  position: z.string(),
  hireDate: calendarDateSchema.nullable(),
  workingStatus: workingStatusSchema,
  maritalStatus: maritalStatusSchema.nullable(),
  nssfType: nssfTypeSchema.nullable(),
  nssfNumber: z.string(),
  nationalId: z.string(),
  user: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Employee = z.infer<typeof employeeSchema>;

const employeeFields = namesSchema.extend({
  code: codeSchema,
  gender: genderSchema.nullable().default(null),
  birthDate: birthDateSchema.nullable().default(null),
  birthPlace: plainTextSchema(200).default(''),
  phone: phoneInputSchema.nullable().default(null),
  email: z.email().max(254).nullable().default(null),
  photoFileId: z.uuid().nullable().default(null),
  departmentId: z.uuid().nullable().default(null),
  position: plainTextSchema(100).default(''),
  hireDate: isoDateSchema.nullable().default(null),
  maritalStatus: maritalStatusSchema.nullable().default(null),
  nssfType: nssfTypeSchema.nullable().default(null),
  nssfNumber: plainTextSchema(50).default(''),
  nationalId: plainTextSchema(50).default(''),
  userId: z.uuid().nullable().default(null),
});
export const createEmployeeRequestSchema = employeeFields
  .extend({ workingStatus: workingStatusSchema.default('working') })
  .strict()
  .superRefine(requireAName);
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequestSchema>;
export const updateEmployeeRequestSchema = updateShape(employeeFields)
  .extend({ version: versionSchema })
  .strict()
  .superRefine(requireAName);
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequestSchema>;

/** A change of working status, dated, with its reason: kept in the staff member's history. */
export const setWorkingStatusRequestSchema = z
  .object({
    status: workingStatusSchema,
    effectiveDate: isoDateSchema,
    note: plainTextSchema(500).default(''),
    version: versionSchema,
  })
  .strict();
export type SetWorkingStatusRequest = z.input<typeof setWorkingStatusRequestSchema>;

export const statusChangeSchema = z.object({
  id: z.uuid(),
  fromStatus: workingStatusSchema.nullable(),
  toStatus: workingStatusSchema,
  effectiveDate: calendarDateSchema,
  note: z.string(),
  changedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const employeeListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  departmentId: z.uuid().optional(),
  status: workingStatusSchema.optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;
export const employeeListResponseSchema = pagedSchema(employeeSchema);
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>;
export const employeeResponseSchema = z.object({ employee: employeeSchema });
export const employeeDetailResponseSchema = z.object({
  employee: employeeSchema,
  history: z.array(statusChangeSchema),
});
export type EmployeeDetailResponse = z.infer<typeof employeeDetailResponseSchema>;

/** The most accounts made in one request (a school's whole staff, in one go or a few). */
export const MAX_ACCOUNTS_AT_ONCE = 200;

/**
 * How the usernames of new staff accounts are made: from the Latin name (`sok.dara`), else the
 * staff code (`t-014`); a number is added when a name is taken (`sok.dara2`).
 */
export const usernameRules = ['latin_name', 'staff_code'] as const;
export type UsernameRule = (typeof usernameRules)[number];

const distinct = <T>(items: readonly T[]) => new Set(items).size === items.length;

/** The staff chosen for accounts, and the rule of their usernames. */
export const staffAccountsPreviewRequestSchema = z.object({
  employeeIds: z
    .array(z.uuid())
    .min(1)
    .max(MAX_ACCOUNTS_AT_ONCE, { message: 'TOO_MANY_ACCOUNTS' })
    .refine(distinct, { message: 'DUPLICATE' }),
  usernameRule: z.enum(usernameRules).default('latin_name'),
});
export type StaffAccountsPreviewRequest = z.input<typeof staffAccountsPreviewRequestSchema>;

/** Why no account can be made for a staff member. */
export const staffAccountProblems = ['EMPLOYEE_HAS_ACCOUNT', 'EMPLOYEE_NOT_WORKING'] as const;
export type StaffAccountProblem = (typeof staffAccountProblems)[number];

/** One chosen staff member: the username they would get, or why they get no account. */
export const staffAccountPreviewSchema = z.object({
  employeeId: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  /** The proposed username (unique in the school and in the batch); null with a problem. */
  username: z.string().nullable(),
  problem: z.enum(staffAccountProblems).nullable(),
  /** The account the staff member already has. */
  existingUsername: z.string().nullable(),
});
export type StaffAccountPreview = z.infer<typeof staffAccountPreviewSchema>;
export const staffAccountsPreviewResponseSchema = z.object({
  accounts: z.array(staffAccountPreviewSchema),
});
export type StaffAccountsPreviewResponse = z.infer<typeof staffAccountsPreviewResponseSchema>;

/**
 * Accounts for many staff members at once, each linked to their staff record, all with one
 * role, each with a temporary password the server makes and answers once.
 */
export const createStaffAccountsRequestSchema = z.object({
  roleId: z.uuid(),
  /** The interface language the new accounts start in. */
  locale: localeSchema.default('km'),
  accounts: z
    .array(z.object({ employeeId: z.uuid(), username: usernameSchema }).strict())
    .min(1)
    .max(MAX_ACCOUNTS_AT_ONCE, { message: 'TOO_MANY_ACCOUNTS' })
    .refine((accounts) => distinct(accounts.map((a) => a.employeeId)), { message: 'DUPLICATE' }),
});
export type CreateStaffAccountsRequest = z.input<typeof createStaffAccountsRequestSchema>;

/** A new account as made: its temporary password is in this answer only, never kept in clear. */
export const createdStaffAccountSchema = z.object({
  employeeId: z.uuid(),
  userId: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  username: z.string(),
  temporaryPassword: z.string(),
});
export type CreatedStaffAccount = z.infer<typeof createdStaffAccountSchema>;
export const createStaffAccountsResponseSchema = z.object({
  accounts: z.array(createdStaffAccountSchema),
  role: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }),
});
export type CreateStaffAccountsResponse = z.infer<typeof createStaffAccountsResponseSchema>;
