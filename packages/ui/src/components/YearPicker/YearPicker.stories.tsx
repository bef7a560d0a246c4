import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { YearPicker } from './YearPicker.js';

const meta = {
  title: 'Pickers/YearPicker',
  component: YearPicker,
  args: { label: 'Year', minYear: 2020, maxYear: 2027, onChange: fn() },
} satisfies Meta<typeof YearPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Newest first; choose by pointer, then by keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Year/ });
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('option', { name: '2025' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(2025);
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(2024);
  },
};

export const KhmerDigits: Story = {
  args: { digits: 'khmr', defaultValue: 2026, label: 'ឆ្នាំ' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /២០២៦/ })).toBeVisible();
  },
};
