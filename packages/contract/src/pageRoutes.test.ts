import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  isSidebarRoute,
  pageRouteNames,
  pageRouteSpecs,
  sidebarRoutes,
  type MenuRoute,
  type SidebarRoute,
} from './pageRoutes.js';
import { sidebarEntriesSchema } from './sidebar.js';

describe('the pages', () => {
  it('each have their own path', () => {
    const paths = pageRouteNames.map((name) => pageRouteSpecs[name].path);
    expect(new Set(paths).size).toBe(pageRouteNames.length);
  });

  it('keep the sidebar in its default order', () => {
    expect(sidebarRoutes).toEqual([
      'index',
      'AppMenu',
      'attendance',
      'class',
      'students',
      'studentScoringEntry',
      'dev-StudentReport',
      'teaching',
      'subjects',
      'department',
      'staff',
      'users',
      'userPrivillege-userManagement',
      'telegramSetup',
      'setup',
    ]);
    expectTypeOf<SidebarRoute>().toEqualTypeOf<(typeof sidebarRoutes)[number]>();
    expectTypeOf<'users-sidebar'>().toExtend<MenuRoute<'apps'>>();
    expectTypeOf<'users-sidebar'>().not.toExtend<SidebarRoute>();
  });

  it("accept in a saved menu layout only the sidebar's routes", () => {
    expect(isSidebarRoute('setup')).toBe(true);
    expect(isSidebarRoute('users-sidebar')).toBe(false);
    expect(sidebarEntriesSchema.safeParse([{ route: 'setup', hidden: true }]).success).toBe(true);
    expect(sidebarEntriesSchema.safeParse([{ route: 'JwtView', hidden: true }]).success).toBe(
      false,
    );
  });
});
