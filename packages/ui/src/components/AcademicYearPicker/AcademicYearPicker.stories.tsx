import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within, waitFor } from 'storybook/test';
import { AcademicYearPicker } from './AcademicYearPicker.js';

const years = [
  { id: 'ay-2026', name: '2026–2027' },
  { id: 'ay-2025', name: { km: 'ឆ្នាំសិក្សា ២០២៥–២០២៦', en: '2025–2026' }, isCurrent: true },
  { id: 'ay-2024', name: '2024–2025' },
];

const meta = {
  title: 'Pickers/AcademicYearPicker',
  component: AcademicYearPicker,
  args: { label: 'Academic year', years, onChange: fn() },
} satisfies Meta<typeof AcademicYearPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current year is chosen first; pick another with the pointer or the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Academic year/ });
    await expect(button).toHaveTextContent(/2025|២០២៥/);
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('option', { name: '2024–2025' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('ay-2024');
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('ay-2025');
  },
};

export const Empty: Story = {
  args: { years: [], description: 'Create an academic year in the settings first' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText('Create an academic year in the settings first'),
      ).toBeVisible(),
    );
  },
};
