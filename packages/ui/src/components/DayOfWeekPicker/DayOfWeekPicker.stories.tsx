import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { dayName } from '../../lib/calendar.js';
import { storyIsKhmer } from '../private/field/storyStrings.js';
import { DayOfWeekPicker } from './DayOfWeekPicker.js';

const meta = {
  title: 'Pickers/DayOfWeekPicker',
  component: DayOfWeekPicker,
  args: { label: 'Day', onChange: fn() },
} satisfies Meta<typeof DayOfWeekPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One day: click Wednesday, then move to Thursday with the arrow key and press Space. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: dayName(3, lang) }));
    await expect(args.onChange).toHaveBeenLastCalledWith([3]);
    await userEvent.keyboard('{ArrowRight} ');
    await expect(args.onChange).toHaveBeenLastCalledWith([4]);
  },
};

/** The school's teaching days: several may be chosen. */
export const TeachingDays: Story = {
  args: {
    selectionMode: 'multiple',
    defaultValue: [1, 2, 3, 4, 5],
    disabledDays: [7],
    short: true,
  },
  play: async ({ args, canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: dayName(6, lang, 'short') }));
    await expect(args.onChange).toHaveBeenLastCalledWith([1, 2, 3, 4, 5, 6]);
    await expect(canvas.getByRole('button', { name: dayName(7, lang, 'short') })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose the day of the lesson' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose the day of the lesson')).toBeVisible();
  },
};
