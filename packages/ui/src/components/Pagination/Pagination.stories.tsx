import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { Pagination, type PaginationProps } from './Pagination.js';

function Stateful(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  const [pageSize, setPageSize] = useState(props.pageSize);
  return (
    <Pagination
      {...props}
      page={page}
      pageSize={pageSize}
      onPageChange={(p) => {
        setPage(p);
        props.onPageChange(p);
      }}
      onPageSizeChange={(s) => {
        setPageSize(s);
        setPage(1);
        props.onPageSizeChange?.(s);
      }}
    />
  );
}

const meta = {
  title: 'Data/Pagination',
  tags: ['autodocs'],
  component: Pagination,
  args: { page: 1, total: 5000, pageSize: 20, onPageChange: fn(), onPageSizeChange: fn() },
  argTypes: { digits: { control: 'inline-radio', options: ['latn', 'khmr'] } },
  render: (args) => <Stateful {...args} />,
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Moves through a long list one page at a time: page numbers with gaps (1 … 4 5 6 … 250), previous and next, the range shown ("21–40 of 5,000", announced when it changes) and, with \`onPageSizeChange\`, a "Rows per page" select. Where the bar is narrower than the page list (under about 440 px, e.g. a phone or a narrow card), it shows "‹ Page 3 of 250 ›" instead of the numbers. It is controlled: \`page\` (from 1), \`pageSize\` and \`total\` in, \`onPageChange(page)\` out; it does not fetch or slice data. **DataTable** uses it.

**Also exported**: \`pageItems(current, count, siblings)\` — the list of page numbers and gaps the bar shows (\`[1, 'gap-start', 4, 5, 6, 'gap-end', 250]\`), for a pager of your own.

### When to use

- Lists and tables of more items than fit comfortably on one page (students of a school, audit logs), when the user may want to jump to a page.

### When to use something else

- A short list (a class of 40): show it all, with a filter if needed.
- Going back and forth between a few steps: **Button**s; between views of one thing: **Tabs**.
- Where the user is in a hierarchy: **Breadcrumbs**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` / \`Shift\`+\`Tab\` | Moves through the page-size select, previous, each page number and next; disabled buttons are skipped. |
| \`Enter\` / \`Space\` | Goes to the focused page, or the previous or next one. |

- The page buttons are in a \`navigation\` landmark named "Pages", as a list; the current page has \`aria-current="page"\` and is announced as current.
- Each number is named "Page 5" (not just "5"); previous and next are named "Previous page" and "Next page" in the current language; the gaps (…) are hidden from screen readers.
- The range ("21–40 of 5,000") is a polite live region: screen readers announce it after a page change.
- APG: no widget pattern; a [navigation landmark](https://www.w3.org/WAI/ARIA/apg/practices/landmark-regions/) of buttons.

### Khmer content

- With \`digits="khmr"\` (or SalaProvider's \`digits\`) every number is written with Khmer digits: pages, the range (៤១–៦០ នៃ ៥,០០០) and the page sizes.
- The words are the library's strings in the current language ("ទំព័រ {page} នៃ {count}"), overridable through SalaProvider's \`strings\`.
- The range and the select wrap onto their own line above the page buttons in a narrow bar; the page buttons keep one line.
`,
      },
    },
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click a page, then move with the keyboard (Tab to Next, Enter). */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('pagination.page', { page: 5 }) }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
    canvas.getByRole('button', { name: t('pagination.next') }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await expect(
      canvas.getByRole('button', { name: t('pagination.page', { page: 6 }) }),
    ).toHaveAttribute('aria-current', 'page');
  },
};

/** Khmer digits everywhere, on request. */
export const KhmerDigits: Story = {
  args: { digits: 'khmr', page: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/៤១–៦០/)).toBeVisible();
  },
};

export const FewPages: Story = {
  args: { total: 45, pageSize: 20 },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: t('pagination.previous') }),
    ).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: t('pagination.next') }),
    ).toBeDisabled();
  },
};

/**
 * On a 360 px phone the numbers give way to "Page 3 of 250" between previous and next, on one
 * line and without scrolling sideways; previous and next still work (pointer and keyboard).
 */
export const Phone: Story = {
  args: { page: 3 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    const compact = canvas.getByText(t('pagination.pageOf', { page: 3, count: 250 }));
    await expect(compact).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: t('pagination.page', { page: 1 }) }),
    ).toBeNull();
    const previous = canvas.getByRole('button', { name: t('pagination.previous') });
    const next = canvas.getByRole('button', { name: t('pagination.next') });
    // Previous, the indicator and next share one line; nothing sticks out of the page.
    const top = (el: Element) => Math.round(el.getBoundingClientRect().top);
    await expect(top(previous)).toBe(top(next));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.click(next);
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByText(t('pagination.pageOf', { page: 4, count: 250 }))).toBeVisible();
    previous.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
  },
};
