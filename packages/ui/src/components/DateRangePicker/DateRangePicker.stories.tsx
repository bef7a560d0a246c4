import { parseDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within, waitFor } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { DateRangePicker } from './DateRangePicker.js';

const meta = {
  title: 'Pickers/DateRangePicker',
  component: DateRangePicker,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `A start and an end date — a leave request, a term, a report's period — typed or picked in a Monday-first calendar: the first click sets the start, the second the end.

### When to use
- Any period with a start and an end day.

### When to use something else
- One date: \`DatePicker\`.
- A whole week or month: \`WeekPicker\` or \`MonthPicker\`.
- An academic year: \`AcademicYearPicker\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves through the start segments, the end segments, then the calendar button |
| Arrow Up, Arrow Down | Change the focused segment |
| Arrow Left, Arrow Right | Move between segments |
| Enter, Space (on the button) | Opens the calendar |
| Arrow keys, Page Up, Page Down (calendar) | Move by day, week, month (with Shift: year) |
| Enter | First press sets the start, second sets the end and closes the calendar |
| Escape | Closes the calendar; focus returns to the field |

- A \`group\` named by \`label\` with two date fields, named start date and end date; the chosen range is announced in the calendar.
- An end before the start marks the field invalid; \`errorMessage\` says why.
- Pattern: [WAI-ARIA APG Date Picker Dialog](https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/examples/datepicker-dialog/).

### Khmer content
- Khmer month and weekday names in the calendar; digits follow the km-KH locale (Latin); empty segments read ថ្ងៃ / ខែ / ឆ្នាំ.
- The two dates wrap under each other on a narrow phone rather than being clipped.`,
      },
    },
  },
  args: { label: 'Leave dates', onChange: fn() },
} satisfies Meta<typeof DateRangePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pick the start with the pointer and the end with the keyboard. */
export const Playground: Story = {
  args: { defaultValue: { start: parseDate('2026-03-02'), end: parseDate('2026-03-03') } },
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    );
    const grid = await screen.findByRole('grid');
    const days = within(grid)
      .getAllByRole('button')
      .filter((b) => b.textContent === '9');
    await userEvent.click(days[0]!);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith({
      start: parseDate('2026-03-09'),
      end: parseDate('2026-03-11'),
    });
  },
};

export const Invalid: Story = {
  args: {
    defaultValue: { start: parseDate('2026-03-02'), end: parseDate('2026-03-20') },
    errorMessage: 'A leave request covers at most 14 days',
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement).getByText('A leave request covers at most 14 days'),
      ).toBeVisible(),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: new RegExp(t('date.openCalendar')) }),
    ).toBeDisabled();
  },
};
