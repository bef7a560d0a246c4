import { z } from 'zod';
import { sidebarRoutes } from './pageRoutes.js';

/** One menu entry of a role's layout: which route, and whether the role sees it. */
export const sidebarEntrySchema = z
  .object({
    route: z.enum(sidebarRoutes, { error: 'UNKNOWN_MENU_ENTRY' }),
    hidden: z.boolean(),
  })
  .strict();

/**
 * A role's menu, in order. Entries it leaves out keep their default place after the listed
 * ones and stay visible (a menu entry added later shows up without anyone editing the layout).
 */
export const sidebarEntriesSchema = z
  .array(sidebarEntrySchema)
  .max(sidebarRoutes.length)
  .refine((entries) => new Set(entries.map((entry) => entry.route)).size === entries.length, {
    message: 'DUPLICATE_MENU_ENTRY',
  });

export const saveSidebarLayoutRequestSchema = z.object({ entries: sidebarEntriesSchema }).strict();
export type SaveSidebarLayoutRequest = z.infer<typeof saveSidebarLayoutRequestSchema>;

/** A role's saved menu layout. */
export const sidebarLayoutSchema = z.object({
  roleId: z.uuid(),
  entries: z.array(z.object({ route: z.enum(sidebarRoutes), hidden: z.boolean() })),
  updatedAt: z.string(),
});
export type SidebarLayout = z.infer<typeof sidebarLayoutSchema>;

export const sidebarLayoutListResponseSchema = z.object({ layouts: z.array(sidebarLayoutSchema) });
export type SidebarLayoutListResponse = z.infer<typeof sidebarLayoutListResponseSchema>;
export const sidebarLayoutResponseSchema = z.object({ layout: sidebarLayoutSchema });
