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
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `Chooses one of the school's academic years. The years come from the server (never a fixed list); the current one is marked "(current)" and chosen by default. It is a \`Select\` with the years as its options.

### When to use
- Filtering a screen or a report by academic year (gradebook, attendance, reports).
- Any form field whose value is an academic year id.

### When to use something else
- A calendar year (2026) with no school meaning: \`YearPicker\`.
- A month of the school year: \`MonthPicker\`; a week: \`WeekPicker\`; a day: \`DatePicker\`.
- Choosing among other server lists: \`Select\` (short lists) or \`ComboBox\` (long, searchable ones).

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to the field's button |
| Enter, Space, Arrow Down, Arrow Up | Opens the list, on the chosen year |
| Arrow Down, Arrow Up | Move between years in the open list |
| Home, End | First or last year |
| A letter or digit | Moves to the year whose name starts with it |
| Enter | Chooses the focused year and closes the list |
| Escape | Closes the list without changing the year |

- A button with a listbox popup, named by its visible \`label\`; the chosen year is read with it. Disabled years are announced as dimmed and skipped.
- \`description\` and \`errorMessage\` are linked to the button with \`aria-describedby\`.
- Pattern: [WAI-ARIA APG Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/) (a collapsible, select-only list).

### Khmer content
- A year's \`name\` may be bilingual (\`{ km, en }\`): the name in the interface language is shown; "(current)" is translated.
- Year names are shown as the server sends them: send them with Khmer digits (២០២៥–២០២៦) when the school writes years that way.
- Khmer names get the Khmer line height in the button and in the list; long names wrap, never clip.`,
      },
    },
  },
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
