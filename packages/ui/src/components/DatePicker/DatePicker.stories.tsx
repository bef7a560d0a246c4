import { parseDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within, waitFor } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { DatePicker } from './DatePicker.js';

const meta = {
  title: 'Pickers/DatePicker',
  component: DatePicker,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A date, typed segment by segment (day, month, year in the locale's order) or picked from a Monday-first calendar in Khmer or English. Values are \`@internationalized/date\` dates (\`parseDate('2026-01-15')\`); \`minValue\` and \`maxValue\` make other days unavailable.

### When to use
- One calendar date: a date of birth, an absence, a deadline.

### When to use something else
- A start and an end: \`DateRangePicker\`.
- A week, a month or a year: \`WeekPicker\`, \`MonthPicker\`, \`YearPicker\`; an academic year: \`AcademicYearPicker\`.
- A time of day: \`TimeField\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves between the segments, then to the calendar button |
| Arrow Up, Arrow Down | Change the focused segment |
| Arrow Left, Arrow Right | Move between segments |
| Digits | Type the segment's value; focus moves on when it is complete |
| Backspace | Clears the segment |
| Enter, Space (on the button) | Opens the calendar |
| Arrow keys (calendar) | Move by day and by week |
| Page Up, Page Down | Previous or next month (with Shift: year) |
| Home, End | First or last day of the month |
| Enter | Chooses the focused day and closes the calendar |
| Escape | Closes the calendar; focus returns to the field |

- A \`group\` named by \`label\`; each segment is a spin button ("day", "month", "year") with its value announced; the calendar is a dialog holding a grid whose days are named in full.
- Unavailable days are announced as such; \`description\` and \`errorMessage\` are linked to the field; an out-of-range date marks it invalid.
- Pattern: [WAI-ARIA APG Date Picker Dialog](https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/examples/datepicker-dialog/).

### Khmer content
- In Khmer the calendar shows Khmer month and weekday names (មករា, ច័ន្ទ); digits follow the km-KH locale (Latin).
- Segments follow the browser's km-KH date pattern (in Chromium today: month/day/year); empty segments read ថ្ងៃ / ខែ / ឆ្នាំ. The field's height follows the Khmer line height.
- The value is always a Gregorian date; no Buddhist-era year is stored.`,
      },
    },
  },
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
