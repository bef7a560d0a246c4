import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import { listLayouts, resetLayout, saveLayout } from './service.js';
import { route } from '../../lib/endpoint.js';

/**
 * The sidebar's menu per role. Hiding an entry only tidies the menu: each page still checks
 * its own permissions, so the layouts are managed with the roles they belong to.
 */
export async function sidebarRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, 'getOwnSidebar', async (request) => {
    const principal = principalOf(request);
    return { layouts: await listLayouts(db, principal.schoolId, principal.roleKeys) };
  });

  route(app, 'getSidebarLayouts', async (request) => ({
    layouts: await listLayouts(db, principalOf(request).schoolId),
  }));

  route(app, 'putSidebarLayout', async (request) => ({
    layout: await saveLayout(
      db,
      actorOf(request, principalOf(request)),
      request.params.id,
      request.body.entries,
    ),
  }));

  route(app, 'deleteSidebarLayout', async (request) => {
    const changed = await resetLayout(
      db,
      actorOf(request, principalOf(request)),
      request.params.id,
    );
    return {
      success: true as const,
      message: successText(
        request,
        changed ? 'SIDEBAR_DEFAULT_RESTORED' : 'SIDEBAR_ALREADY_DEFAULT',
      ),
    };
  });
}
