import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { monthName } from '../../lib/calendar.js';
import { storyIsKhmer } from '../private/field/storyStrings.js';
import { MonthPicker } from './MonthPicker.js';

const meta = {
  title: 'Pickers/MonthPicker',
  component: MonthPicker,
  args: { label: 'Month', onChange: fn() },
} satisfies Meta<typeof MonthPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Names in the current language; the number is what is stored. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    const button = within(canvasElement).getByRole('button', { name: /Month/ });
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('option', { name: monthName(4, lang) }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(5);
  },
};

/** Only the months of semester 1 (November – February). */
export const SemesterMonths: Story = {
  args: { allowedMonths: [11, 12, 1, 2], defaultValue: 11 },
  play: async ({ canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Month/ }));
    await expect(await screen.findByRole('option', { name: monthName(5, lang) })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');
  },
};
