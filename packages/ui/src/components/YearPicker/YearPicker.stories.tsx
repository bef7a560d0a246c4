import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { YearPicker } from './YearPicker.js';
import { pickerKeyboard } from '../Select/keyboard.docs.js';

const meta = {
  title: 'Pickers/YearPicker',
  tags: ['autodocs'],
  component: YearPicker,
  args: { label: 'Year', minYear: 2020, maxYear: 2027, onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A calendar year from a range, newest first — by default from ten years ago to next year (\`minYear\`, \`maxYear\`). The value is the year as a number (2026); with \`digits="khmr"\` (or SalaProvider's \`digits\`) years are shown in Khmer digits (២០២៦). It is a **Select**: it takes the same props except \`options\`.

### When to use

- A calendar year: a yearly report, a year of birth within a short range, the year of a month being picked.

### When to use something else

- A school year (2025–2026): **AcademicYearPicker**.
- A full date: **DatePicker** (a birth date is a date, not a year).
- A month or a week: **MonthPicker**, **WeekPicker**.

### Accessibility

${pickerKeyboard}

- As **Select**: the button is named by the label and the chosen year; the list is a \`listbox\`.
- Typing digits quickly moves to the year that starts with them (\`2\`, \`0\`, \`2\`, \`5\` → 2025), in the digits shown.
- APG pattern: [Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/).

### Khmer content

- Years are written without a thousands separator in either digit style (2026, ២០២៦); \`onChange\` always receives a number.
- The digits follow \`digits\`, then SalaProvider's setting, then Latin.
- The year is the Gregorian year; Buddhist-era years are not shown.
`,
      },
    },
  },
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
