import { describe, expect, it } from 'vitest';
import { sidebarRoutes } from '@sala/contract';
import {
  applySidebarLayouts,
  editableMenu,
  moveEntry,
  navEntries,
  orderedBy,
  sameMenu,
} from './navigation.js';
import { routeEntry } from './routeRegistry.js';

const entries = [{ route: 'a' }, { route: 'b' }, { route: 'c' }, { route: 'd' }];
const routes = (list: { route: string }[]) => list.map((entry) => entry.route);
type Layout = Parameters<typeof applySidebarLayouts>[1][number];
const layout = (...items: [string, boolean][]): Layout =>
  ({ entries: items.map(([route, hidden]) => ({ route, hidden })) }) as unknown as Layout;

describe('the sidebar menu', () => {
  it("lists every sidebar route of the contract, in its default order, each an existing page's", () => {
    expect(navEntries.map((entry) => entry.route)).toEqual([...sidebarRoutes]);
    for (const entry of navEntries) {
      const page = routeEntry(entry.route);
      expect(entry.path, entry.route).toBe(page.path);
      expect(entry.label, entry.route).toBe(page.label);
      expect(entry.permissions, entry.route).toEqual(page.access.permissions ?? []);
    }
    expect(navEntries.find((entry) => entry.route === 'setup')?.path).toBe('/setup');
  });

  it('keeps the default menu when no role has a saved layout', () => {
    expect(routes(applySidebarLayouts(entries, [], 1))).toEqual(['a', 'b', 'c', 'd']);
    expect(routes(applySidebarLayouts(entries, [], 0))).toEqual(['a', 'b', 'c', 'd']);
  });

  it("follows one role's order and hides what it hides", () => {
    const saved = layout(['c', false], ['a', false], ['b', true]);
    expect(routes(applySidebarLayouts(entries, [saved], 1))).toEqual(['c', 'a', 'd']);
  });

  it('puts entries a layout does not list after the listed ones, in their default order', () => {
    expect(routes(orderedBy(entries, layout(['d', false], ['b', false])))).toEqual([
      'd',
      'b',
      'a',
      'c',
    ]);
  });

  it('hides an entry only when every role of the user hides it', () => {
    const first = layout(['b', false], ['a', true], ['c', true]);
    const second = layout(['a', true], ['c', false]);
    expect(routes(applySidebarLayouts(entries, [first, second], 2))).toEqual(['b', 'c', 'd']);
  });

  it("hides nothing when one of the user's roles has no layout (it sees the default menu)", () => {
    const saved = layout(['d', false], ['a', true]);
    expect(routes(applySidebarLayouts(entries, [saved], 2))).toEqual(['d', 'a', 'b', 'c']);
  });

  it('ignores layout entries for routes the menu does not have', () => {
    const saved = layout(['gone', false], ['b', false]);
    expect(routes(applySidebarLayouts(entries, [saved], 1))).toEqual(['b', 'a', 'c', 'd']);
  });
});

describe('the menu settings', () => {
  it('edit every entry: the saved order first, the rest after, hidden ones marked', () => {
    const menu = editableMenu({
      entries: [
        { route: 'setup', hidden: false },
        { route: 'AppMenu', hidden: true },
      ],
    });
    expect(menu).toHaveLength(sidebarRoutes.length);
    expect(menu.slice(0, 3)).toEqual([
      { route: 'setup', hidden: false },
      { route: 'AppMenu', hidden: true },
      { route: 'index', hidden: false },
    ]);
    expect(menu.filter((entry) => entry.hidden).map((entry) => entry.route)).toEqual(['AppMenu']);
    expect(editableMenu(undefined).map((entry) => entry.route)).toEqual([...sidebarRoutes]);
  });

  it('move an entry one place, never past either end', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('know when the edited menu differs from the saved one', () => {
    const saved = editableMenu(undefined);
    expect(sameMenu(saved, editableMenu(undefined))).toBe(true);
    expect(sameMenu(saved, moveEntry(saved, 1, 1))).toBe(false);
    const hidden = saved.map((entry, i) => (i === 0 ? { ...entry, hidden: true } : entry));
    expect(sameMenu(saved, hidden)).toBe(false);
  });
});
