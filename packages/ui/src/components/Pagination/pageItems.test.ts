import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems.js';

describe('pageItems', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
    [5, 10, [1, 'gap-start', 4, 5, 6, 'gap-end', 10]],
    [6, 10, [1, 'gap-start', 5, 6, 7, 'gap-end', 10]],
    [7, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [10, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [50, 250, [1, 'gap-start', 49, 50, 51, 'gap-end', 250]],
    [99, 10, [1, 'gap-start', 6, 7, 8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5, 'gap-end', 10]],
  ] as const)('page %d of %d', (page, count, expected) => {
    expect(pageItems(page, count)).toEqual(expected);
  });

  it('keeps one length while paging and always shows the current page', () => {
    for (let page = 1; page <= 40; page++) {
      const items = pageItems(page, 40);
      expect(items).toHaveLength(7);
      expect(items).toContain(page);
    }
  });

  it('widens with more siblings', () => {
    expect(pageItems(10, 20, 2)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
  });
});
