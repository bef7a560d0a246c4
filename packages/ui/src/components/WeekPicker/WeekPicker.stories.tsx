import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { WeekPicker } from './WeekPicker.js';
import { pickerKeyboard } from '../Select/keyboard.docs.js';

const meta = {
  title: 'Pickers/WeekPicker',
  tags: ['autodocs'],
  component: WeekPicker,
  args: { label: 'Week', year: 2024, month: 9, onChange: fn() },
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `
A week of a month, stored as its number (1–6; weeks start on Monday). Given \`year\` and \`month\`, each week shows its dates ("Week 2 · 2 – 8 Sep") and the weeks the month does not have are disabled (a month touches four to six weeks); without them it lists the week numbers 1–6. It is a **Select**: it takes the same props except \`options\`. Beta: used on one screen so far.

### When to use

- Weekly attendance or a weekly schedule: "which week of this month?".

### When to use something else

- A single day: **DatePicker**; a range of days: **DateRangePicker**.
- A month: **MonthPicker**; a year: **YearPicker**.
- A weekday (Monday…): **DayOfWeekPicker**.

### Accessibility

${pickerKeyboard}

- As **Select**: the button is named by the label and the chosen week; the list is a \`listbox\`, weeks the month lacks are \`aria-disabled\`.
- Each option's dates are part of its text, so screen-reader users hear which days the week covers, not only its number.
- APG pattern: [Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/).

### Khmer content

- The week's name is the library's string in the current language; with \`digits="khmr"\` (or SalaProvider's \`digits\`) the week number and the dates use Khmer digits (សប្ដាហ៍ទី២ · ២ – ៨ កញ្ញា).
- Browsers have no Khmer short month names, so in Khmer the dates are written "day – day month" with the ui's Khmer month name.
- A week's dates stay within the month being picked: the first week of September 2024 (which starts on a Sunday) is the 1st alone.
- Labels take the Khmer line height (1.8) under \`lang="km"\` and wrap in a narrow list rather than being cut.
`,
      },
    },
  },
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
