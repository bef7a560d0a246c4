import { z } from 'zod';
import { plainTextSchema } from './common.js';
import { permissionSchema } from './users.js';

export const roleSchema = z.object({
  id: z.uuid(),
  /** A stable key: the built-in roles' keys are admin, office, head_of_department, teacher, viewer. */
  key: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  tags: z.array(z.string()),
  permissions: z.array(z.string()),
  /** The administrator role: it always holds every permission and cannot be changed. */
  system: z.boolean(),
  userCount: z.number().int().min(0),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListResponseSchema = z.object({ roles: z.array(roleSchema) });
export const roleResponseSchema = z.object({ role: roleSchema });

const roleNameSchema = plainTextSchema(100);

export const createRoleRequestSchema = z
  .object({
    nameKm: roleNameSchema.default(''),
    nameEn: roleNameSchema.default(''),
    tags: z
      .array(z.enum(['teacher']))
      .max(5)
      .default([]),
    permissions: z.array(permissionSchema).max(200).default([]),
  })
  .refine((role) => role.nameKm !== '' || role.nameEn !== '', {
    message: 'NAME_REQUIRED',
    path: ['nameEn'],
  });
export type CreateRoleRequest = z.infer<typeof createRoleRequestSchema>;

export const updateRoleRequestSchema = z
  .object({
    nameKm: roleNameSchema,
    nameEn: roleNameSchema,
    tags: z.array(z.enum(['teacher'])).max(5),
    permissions: z.array(permissionSchema).max(200),
  })
  .partial()
  .strict();
export type UpdateRoleRequest = z.infer<typeof updateRoleRequestSchema>;
