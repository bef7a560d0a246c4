import { parseDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within, waitFor } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { DateRangePicker } from './DateRangePicker.js';

const meta = {
  title: 'Pickers/DateRangePicker',
  component: DateRangePicker,
  args: { label: 'Leave dates', onChange: fn() },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pick the start with the pointer and the end with the keyboard. */
export const Playground: Story = {
  args: { defaultValue: { start: parseDate('2026-03-02'), end: parseDate('2026-03-03') } },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    );
    const grid = await screen.findByRole('grid');
    const days = within(grid)
      .getAllByRole('button')
      .filter((b) => b.textContent === '9');
    await userEvent.click(days[0]!);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith({
      start: parseDate('2026-03-09'),
      end: parseDate('2026-03-11'),
    });
  },
};

export const Invalid: Story = {
  args: {
    defaultValue: { start: parseDate('2026-03-02'), end: parseDate('2026-03-20') },
    errorMessage: 'A leave request covers at most 14 days',
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText('A leave request covers at most 14 days'),
      ).toBeVisible(),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    ).toBeDisabled();
  },
};
