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
  component: Pagination,
  args: { page: 1, total: 5000, pageSize: 20, onPageChange: fn(), onPageSizeChange: fn() },
  argTypes: { digits: { control: 'inline-radio', options: ['latn', 'khmr'] } },
  render: (args) => <Stateful {...args} />,
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
