import { z } from 'zod';
import {
  codeSchema,
  genderSchema,
  isoDateSchema,
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  phoneInputSchema,
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
  birthDate: isoDateSchema.nullable(),
  birthPlace: z.string(),
  /** E.164 */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  photoFileId: z.uuid().nullable(),
  department: reference.nullable(),
  position: z.string(),
  hireDate: isoDateSchema.nullable(),
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
  birthDate: isoDateSchema.nullable().default(null),
  birthPlace: z.string().trim().max(200).default(''),
  phone: phoneInputSchema.nullable().default(null),
  email: z.email().max(254).nullable().default(null),
  photoFileId: z.uuid().nullable().default(null),
  departmentId: z.uuid().nullable().default(null),
  position: z.string().trim().max(100).default(''),
  hireDate: isoDateSchema.nullable().default(null),
  maritalStatus: maritalStatusSchema.nullable().default(null),
  nssfType: nssfTypeSchema.nullable().default(null),
  nssfNumber: z.string().trim().max(50).default(''),
  nationalId: z.string().trim().max(50).default(''),
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
    note: z.string().trim().max(500).default(''),
    version: versionSchema,
  })
  .strict();
export type SetWorkingStatusRequest = z.input<typeof setWorkingStatusRequestSchema>;

export const statusChangeSchema = z.object({
  id: z.uuid(),
  fromStatus: workingStatusSchema.nullable(),
  toStatus: workingStatusSchema,
  effectiveDate: isoDateSchema,
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
