import { describe, expect, it } from 'vitest';
import { routeTable, specRequiresSignIn } from './routeTable.js';

describe('route table', () => {
  it('has the 28 routes of the spec and the added ones, each path once', () => {
    // Pages the spec's table does not have (the school's records).
    const added = new Set([
      'subjects',
      'class-detail',
      'students',
      'students-detail',
      'staff',
      'staff-detail',
    ]);
    expect(routeTable.filter((r) => !added.has(r.name))).toHaveLength(28);
    expect(routeTable).toHaveLength(28 + added.size);
    expect(new Set(routeTable.map((r) => r.path)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((r) => r.name)).size).toBe(routeTable.length);
  });

  it('requires sign-in wherever the spec does', () => {
    for (const path of specRequiresSignIn) {
      expect(routeTable.find((r) => r.path === path)?.signIn, path).toBe(true);
    }
  });

  it('explains every sign-in requirement the spec does not show', () => {
    for (const route of routeTable) {
      if (route.signIn && !specRequiresSignIn.has(route.path))
        expect(route.note, route.path).toBeTruthy();
    }
  });

  it("tags the spec's teacher routes and gives the privilege page its own layout", () => {
    expect(routeTable.filter((r) => r.roleTag === 'teacher').map((r) => r.path)).toEqual([
      '/users',
      '/studentScoringEntry',
    ]);
    expect(routeTable.find((r) => r.name === 'dev-UserPrivillege')?.layout).toBe('userPrivilege');
  });

  it('takes a path parameter only on the page of one record', () => {
    const recordPages = new Set(['class-detail', 'students-detail', 'staff-detail']);
    for (const route of routeTable) {
      if (recordPages.has(route.name)) expect(route.path).toMatch(/\/:id$/);
      else expect(route.path).not.toMatch(/:/);
    }
  });
});

describe('page titles', () => {
  it.each(['en', 'km'])('every route has a title and a description in %s', async (lang) => {
    const pages = (await import(`./i18n/locales/${lang}/pages.json`)).default as Record<
      string,
      { title: string; description: string }
    >;
    for (const route of routeTable) {
      expect(pages[route.name]?.title, `${lang} ${route.name}`).toBeTruthy();
      expect(pages[route.name]?.description, `${lang} ${route.name}`).toBeTruthy();
    }
  });

  it("keeps the spec's title and description of the profile pages", async () => {
    const pages = (await import('./i18n/locales/en/pages.json')).default as Record<
      string,
      { title: string; description: string }
    >;
    for (const name of ['users-profile', 'userProfileInfo']) {
      expect(pages[name]).toEqual({
        title: 'User Profile',
        description: 'View user profile information',
      });
    }
  });
});
