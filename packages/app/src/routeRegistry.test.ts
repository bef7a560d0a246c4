import { hasAnyPermission, pageRouteNames, sidebarRoutes } from '@sala/contract';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import HomePage from './pages/index/HomePage.js';
import { menuLinks, preloadPage, routeEntry, routeRegistry } from './routeRegistry.js';
import { buildRoutes } from './routes.js';

/** The spec's own sign-in column, kept to show where the registry asks for more. */
const specRequiresSignIn = new Set([
  '/setup',
  '/users',
  '/DemoComponent',
  '/users/profile',
  '/teaching',
  '/dev/ImageUpload',
  '/dev/StudentReport',
  '/telegramSetup',
  '/userProfileInfo',
  '/dev/userManagement',
  '/studentScoringEntry',
  '/users/userManagement/info',
  '/users/userManagement',
  '/userPrivillege/userManagement',
]);

/** An address that opens the route (an id where it takes one). */
const openable = (path: string) =>
  path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-0000000000aa');

describe('the route registry', () => {
  it('has the 28 routes of the spec and the added ones, each name and path once', () => {
    // Pages the spec's table does not have (the school's records).
    const added = new Set([
      'subjects',
      'class-detail',
      'students',
      'students-detail',
      'staff',
      'staff-detail',
      'staff-accounts',
      'auths-password',
    ]);
    expect(routeRegistry.filter((r) => !added.has(r.name))).toHaveLength(28);
    expect(routeRegistry).toHaveLength(28 + added.size);
    expect(new Set(routeRegistry.map((r) => r.path)).size).toBe(routeRegistry.length);
    expect(new Set(routeRegistry.map((r) => r.name)).size).toBe(routeRegistry.length);
    expect(routeRegistry.map((r) => r.name)).toEqual(pageRouteNames);
  });

  it('opens every route on its own page, in its frame', () => {
    const routes = buildRoutes('test');
    for (const route of routeRegistry) {
      const matches = matchRoutes(routes, openable(route.path)) ?? [];
      expect(matches.at(-1)?.route.id, route.path).toBe(route.name);
      // A page component loaded on demand, never a stand-in; the home comes with the app's start.
      if (route.name === 'index') expect(route.page).toBe(HomePage);
      else
        expect((route.page as { $$typeof?: symbol }).$$typeof, route.name).toBe(
          Symbol.for('react.lazy'),
        );
    }
    expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
  });

  it('starts loading the page at an address before it is shown', () => {
    const pageOf = (name: string) =>
      routeRegistry.find((r) => r.name === name)!.page as { preload: () => Promise<unknown> };
    const attendance = vi.spyOn(pageOf('attendance'), 'preload').mockResolvedValue(undefined);
    const classDetail = vi.spyOn(pageOf('class-detail'), 'preload').mockResolvedValue(undefined);
    preloadPage('/attendance');
    preloadPage('/class/01ce6f8c-41cc-4c0f-8e89-62bc17f29ed4');
    expect(attendance).toHaveBeenCalledOnce();
    expect(classDetail).toHaveBeenCalledOnce();
    // No page there, or the home (which comes with the app's start): nothing to load.
    expect(() => preloadPage('/no-such-page')).not.toThrow();
    expect(() => preloadPage('/')).not.toThrow();
    vi.restoreAllMocks();
  });

  it('requires sign-in wherever the spec does', () => {
    for (const path of specRequiresSignIn) {
      expect(routeRegistry.find((r) => r.path === path)?.access.signIn, path).toBe(true);
    }
  });

  it('explains every sign-in requirement the spec does not show', () => {
    for (const route of routeRegistry) {
      if (route.access.signIn && !specRequiresSignIn.has(route.path))
        expect(route.note, route.path).toBeTruthy();
    }
  });

  it("tags the spec's teacher routes and gives the privilege page its own layout", () => {
    expect(routeRegistry.filter((r) => r.access.roleTag === 'teacher').map((r) => r.path)).toEqual([
      '/studentScoringEntry',
      '/users',
    ]);
    expect(routeEntry('dev-UserPrivillege').layout).toBe('userPrivilege');
    expect(routeRegistry.filter((r) => r.layout === 'bare').map((r) => r.path)).toEqual([
      '/auths/login',
      '/auths/password',
      '/auths/signup',
    ]);
  });

  it('takes a path parameter only on the page of one record', () => {
    const recordPages = new Set(['class-detail', 'students-detail', 'staff-detail']);
    for (const route of routeRegistry) {
      if (recordPages.has(route.name)) expect(route.path).toMatch(/\/:id$/);
      else expect(route.path).not.toMatch(/:/);
    }
  });
});

describe('the menus', () => {
  it('link the sidebar to existing routes, in its default order, each with an icon', () => {
    const sidebar = menuLinks('sidebar');
    expect(sidebar.map((link) => link.route)).toEqual([...sidebarRoutes]);
    for (const link of sidebar) {
      expect(link.path).toBe(routeEntry(link.route).path);
      expect(link.icon, link.route).toBeTruthy();
    }
  });

  it('list on the Apps page every tool but home and the Apps page itself', () => {
    expect(menuLinks('apps').map((link) => link.route)).toEqual([
      ...sidebarRoutes.filter((route) => route !== 'index' && route !== 'AppMenu'),
      'users-sidebar',
      'userProfile',
    ]);
  });

  it("show a user only the routes their permissions open (the page's own permissions)", () => {
    const held = ['classes.read:own', 'students.read:own'];
    const shown = (place: 'sidebar' | 'apps') =>
      menuLinks(place)
        .filter((link) => hasAnyPermission(held, link.permissions))
        .map((link) => link.route);
    expect(shown('sidebar')).toEqual(['index', 'AppMenu', 'class', 'students']);
    expect(shown('apps')).toEqual(['class', 'students', 'userProfile']);
    for (const link of [...menuLinks('sidebar'), ...menuLinks('apps')]) {
      expect(link.permissions).toEqual(routeEntry(link.route).access.permissions ?? []);
    }
  });
});

describe('page titles', () => {
  it.each(['en', 'km'])('every route has a title and a description in %s', async (lang) => {
    const pages = (await import(`./i18n/locales/${lang}/pages.json`)).default as Record<
      string,
      { title: string; description: string }
    >;
    for (const route of routeRegistry) {
      expect(pages[route.label]?.title, `${lang} ${route.name}`).toBeTruthy();
      expect(pages[route.label]?.description, `${lang} ${route.name}`).toBeTruthy();
    }
  });

  it("keeps the spec's title and description of the profile pages", async () => {
    const pages = (await import('./i18n/locales/en/pages.json')).default as Record<
      string,
      { title: string; description: string }
    >;
    for (const name of ['users-profile', 'userProfileInfo'] as const) {
      expect(pages[routeEntry(name).label]).toEqual({
        title: 'User Profile',
        description: 'View user profile information',
      });
    }
  });
});
