import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  okResponseSchema,
  saveSidebarLayoutRequestSchema,
  sidebarLayoutListResponseSchema,
  sidebarLayoutResponseSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires, signedIn } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import { listLayouts, resetLayout, saveLayout } from './service.js';

/**
 * The sidebar's menu per role. Hiding an entry only tidies the menu: each page still checks
 * its own permissions, so the layouts are managed with the roles they belong to.
 */
export async function sidebarRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    apiPaths.ownSidebar,
    { config: signedIn(), schema: { response: { 200: sidebarLayoutListResponseSchema } } },
    async (request) => {
      const principal = principalOf(request);
      return { layouts: await listLayouts(db, principal.schoolId, principal.roleKeys) };
    },
  );

  api.get(
    apiPaths.sidebarLayouts,
    {
      config: requires('roles.read:school', 'roles.manage:school'),
      schema: { response: { 200: sidebarLayoutListResponseSchema } },
    },
    async (request) => ({ layouts: await listLayouts(db, principalOf(request).schoolId) }),
  );

  api.put(
    apiPaths.sidebarLayout,
    {
      config: requires('roles.manage:school'),
      schema: {
        params: uuidParamsSchema,
        body: saveSidebarLayoutRequestSchema,
        response: { 200: sidebarLayoutResponseSchema },
      },
    },
    async (request) => ({
      layout: await saveLayout(
        db,
        actorOf(request, principalOf(request)),
        request.params.id,
        request.body.entries,
      ),
    }),
  );

  api.delete(
    apiPaths.sidebarLayout,
    {
      config: requires('roles.manage:school'),
      schema: { params: uuidParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const changed = await resetLayout(
        db,
        actorOf(request, principalOf(request)),
        request.params.id,
      );
      return {
        success: true as const,
        message: localMessage(
          request.headers['accept-language'],
          changed
            ? { en: 'The default menu is restored.', km: 'បានស្ដារម៉ឺនុយលំនាំដើមវិញ។' }
            : { en: 'This role already uses the default menu.', km: 'តួនាទីនេះប្រើម៉ឺនុយលំនាំដើមរួចហើយ។' },
        ),
      };
    },
  );
}
