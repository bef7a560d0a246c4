import { Time } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeField } from './TimeField.js';

const meta = {
  title: 'Pickers/TimeField',
  component: TimeField,
  args: { label: 'Period starts', onChange: fn() },
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click the hour and change it with the arrow keys. */
export const Playground: Story = {
  args: { defaultValue: new Time(7, 0), hourCycle: 24 },
  play: async ({ args, canvasElement }) => {
    const [hour] = within(canvasElement).getAllByRole('spinbutton');
    await userEvent.click(hour!);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(new Time(8, 0));
  },
};

export const Afternoon: Story = {
  args: { defaultValue: new Time(13, 30), hourCycle: 12 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('spinbutton').length).toBeGreaterThanOrEqual(3);
  },
};

export const Invalid: Story = {
  args: { defaultValue: new Time(6, 0), errorMessage: 'School starts at 7:00' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('School starts at 7:00')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: new Time(7, 0) },
  play: async ({ canvasElement }) => {
    for (const s of within(canvasElement).getAllByRole('spinbutton'))
      await expect(s).toHaveAttribute('aria-disabled', 'true');
  },
};
