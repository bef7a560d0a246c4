/** One entry of a page list: a page number or a gap. */
export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The pages to show for `page` of `count`: always the first and last, `siblings` pages either
 * side of the current one, and a gap where pages are left out — but never a gap that hides only
 * one page (that page is shown instead). The list keeps the same length while paging.
 */
export function pageItems(page: number, count: number, siblings = 1): PageItem[] {
  if (count <= 0) return [];
  const current = Math.min(Math.max(1, page), count);
  // first + last + current + siblings on both sides + two gaps
  const slots = 2 * siblings + 5;
  if (count <= slots) return Array.from({ length: count }, (_, i) => i + 1);
  const start = Math.max(Math.min(current - siblings, count - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), count - 2);
  const items: PageItem[] = [1, start > 3 ? 'gap-start' : 2];
  for (let p = start; p <= end; p++) items.push(p);
  items.push(end < count - 2 ? 'gap-end' : count - 1, count);
  return items;
}
