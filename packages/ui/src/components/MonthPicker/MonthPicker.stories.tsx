import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { monthName } from '../../lib/calendar.js';
import { storyIsKhmer } from '../private/field/storyStrings.js';
import { MonthPicker } from './MonthPicker.js';
import { pickerKeyboard } from '../Select/keyboard.docs.js';

const meta = {
  title: 'Pickers/MonthPicker',
  tags: ['autodocs'],
  component: MonthPicker,
  args: { label: 'Month', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A month of the year, stored as its number (1–12) and shown by name in the current language: January … December in English, មករា … ធ្នូ in Khmer (the ui's own Khmer month names, which browsers lack). \`allowedMonths\` limits the choice, e.g. to the months of a semester; the others are listed but disabled. It is a **Select**: it takes the same props (\`label\`, \`value\`/\`defaultValue\`, \`onChange\`, \`description\`, \`errorMessage\`, \`isDisabled\`…) except \`options\`.

### When to use

- A monthly report, monthly scores or attendance by month: "which month?" within a year that is already known.

### When to use something else

- A whole date: **DatePicker**; a range of dates: **DateRangePicker**.
- A week of the month: **WeekPicker**; a year: **YearPicker**; an academic year: **AcademicYearPicker**.
- A weekday: **DayOfWeekPicker**.

### Accessibility

${pickerKeyboard}

- As **Select**: the button is named by the label and the chosen month; the list is a \`listbox\`, months outside \`allowedMonths\` are \`aria-disabled\`.
- Month names are words, so screen readers read them naturally in either language.
- APG pattern: [Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/).

### Khmer content

- In Khmer the months are the solar month names (មករា, កុម្ភៈ, មីនា, មេសា…); the value is the same number in both languages, so switching language keeps the choice.
- No digits are shown (names only).
- Names and label take the Khmer line height (1.8) under \`lang="km"\`; options are at least 44 px high and grow with their text.
`,
      },
    },
  },
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
