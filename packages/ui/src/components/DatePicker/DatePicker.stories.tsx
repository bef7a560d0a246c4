import { parseDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within, waitFor } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { DatePicker } from './DatePicker.js';

const meta = {
  title: 'Pickers/DatePicker',
  component: DatePicker,
  args: { label: 'Date of birth', onChange: fn() },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open the Monday-first calendar with the pointer and pick a day with the keyboard. */
export const Playground: Story = {
  args: { defaultValue: parseDate('2026-01-15') },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    );
    const grid = await screen.findByRole('grid');
    // Monday first: Thursday 1 January 2026 is the fourth cell of the first week.
    const firstWeek = within(grid)
      .getAllByRole('row')
      .find((r) => within(r).queryAllByRole('gridcell').length)!;
    const cells = within(firstWeek).getAllByRole('gridcell');
    await expect(cells[3]!.querySelector('[data-outside-month]')).toBeNull();
    await expect(cells[2]!.querySelector('[data-outside-month]')).not.toBeNull();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(parseDate('2026-01-16'));
  },
};

/** Typed segment by segment. */
export const Typed: Story = {
  play: async ({ args, canvasElement }) => {
    const segments = within(canvasElement).getAllByRole('spinbutton');
    await userEvent.click(segments[0]!);
    await userEvent.keyboard('03152012');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.anything());
  },
};

export const OutOfRange: Story = {
  args: {
    defaultValue: parseDate('2026-07-01'),
    maxValue: parseDate('2026-06-30'),
    errorMessage: 'The date must be inside the academic year',
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText('The date must be inside the academic year'),
      ).toBeVisible(),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: parseDate('2026-01-15') },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    ).toBeDisabled();
  },
};
