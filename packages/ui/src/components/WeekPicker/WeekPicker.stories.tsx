import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { WeekPicker } from './WeekPicker.js';

const meta = {
  title: 'Pickers/WeekPicker',
  component: WeekPicker,
  args: { label: 'Week', year: 2024, month: 9, onChange: fn() },
} satisfies Meta<typeof WeekPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** September 2024 touches six Monday-first weeks; each shows its dates. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const button = within(canvasElement).getByRole('button', { name: /Week/ });
    await userEvent.click(button);
    await userEvent.click(
      await screen.findByRole('option', { name: new RegExp(t('date.weekOfMonth', { week: 2 })) }),
    );
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
  },
};

/** January 2024 has five weeks: week 6 cannot be chosen. */
export const FiveWeekMonth: Story = {
  args: { year: 2024, month: 1 },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Week/ }));
    await expect(
      await screen.findByRole('option', { name: new RegExp(t('date.weekOfMonth', { week: 6 })) }),
    ).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
  },
};

/** Without a month: just the week numbers 1–6. */
export const NumbersOnly: Story = {
  args: { year: undefined, month: undefined, defaultValue: 1 },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', {
        name: new RegExp(t('date.weekOfMonth', { week: 1 })),
      }),
    ).toBeVisible();
  },
};
