import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SegmentedControl, type Segment } from './SegmentedControl.js';

const statuses: Segment[] = [
  { id: 'P', code: 'P', label: 'Present · មានវត្តមាន', tone: 'success' },
  { id: 'A', code: 'A', label: 'Absent · អវត្តមាន', tone: 'danger' },
  { id: 'E', code: 'E', label: 'Permission · ច្បាប់', tone: 'info' },
  { id: 'L', code: 'L', label: 'Late · មកយឺត', tone: 'warning' },
];

const meta = {
  title: 'Forms/SegmentedControl',
  component: SegmentedControl,
  args: { label: 'Sok Dara', segments: statuses, defaultValue: 'P', onChange: fn() },
} satisfies Meta<typeof SegmentedControl>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An attendance status: click one, then move with the arrow keys. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Absent/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('A');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: /Permission/ })).toBeChecked();
  },
};

/** Codes only, for a dense sheet; the names stay for screen readers. */
export const Compact: Story = {
  args: { compact: true, label: undefined, 'aria-label': 'Sok Dara' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Late/ }));
    await expect(canvas.getByRole('radio', { name: /Late/ })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: /Permission/ })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    for (const r of within(canvasElement).getAllByRole('radio')) await expect(r).toBeDisabled();
  },
};
