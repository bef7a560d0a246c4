import { Time } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TimeField } from './TimeField.js';

const meta = {
  title: 'Pickers/TimeField',
  tags: ['autodocs'],
  component: TimeField,
  args: { label: 'Period starts', onChange: fn() },
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `
A time of day typed segment by segment — the start of a timetable period, a school's opening hour. Each part (hour, minute, and AM/PM on a 12-hour clock) is its own field: digits type it, arrows change it. Values are \`@internationalized/date\` \`Time\` objects (\`new Time(7, 30)\`); it takes react-aria TimeField's props (\`value\`/\`defaultValue\`, \`onChange\`, \`hourCycle\` 12 or 24, \`granularity\`, \`minValue\`/\`maxValue\`, \`isRequired\`, \`isDisabled\`…) plus the field's label, \`description\` and \`errorMessage\`. Beta: used on one screen so far.

### When to use

- A time of day without a date: a period's start and end, opening hours.

### When to use something else

- A date, or a date and time: **DatePicker**; a range of dates: **DateRangePicker**.
- A duration (45 minutes): **NumberField** with a unit in the label.
- A weekday: **DayOfWeekPicker**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` / \`Shift\`+\`Tab\` | Moves to the next or previous segment, then out of the field. |
| \`ArrowRight\` / \`ArrowLeft\` | Moves to the next or previous segment. |
| \`ArrowUp\` / \`ArrowDown\` | Increases or decreases the focused segment, wrapping (23 → 0). |
| \`PageUp\` / \`PageDown\` | Changes the focused segment by a larger step. |
| digits | Type the segment; focus moves on when it is complete. |
| \`A\` / \`P\` | In the AM/PM segment, chooses AM or PM. |
| \`Backspace\` / \`Delete\` | Clears the focused segment. |

- A \`group\` named by the label; each segment is a \`spinbutton\` with its own name (hour, minute…) and value text, announced with the field's label. The description and error are linked by \`aria-describedby\`; \`errorMessage\` marks it invalid in words.
- APG pattern: [Spinbutton](https://www.w3.org/WAI/ARIA/apg/patterns/spinbutton/), one per segment.

### Khmer content

- The segments are ordered and formatted by the interface language through react-aria (SalaProvider's \`locale\`). The time is written with Latin digits (07:30) in both languages; TimeField does not follow the \`digits\` setting.
- On a 12-hour clock the day-period segment shows the locale's AM/PM text.
- Label, description and error wrap with the Khmer line height (1.8) under \`lang="km"\`; the segments sit in a box that has no fixed height.
`,
      },
    },
  },
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click the hour and change it with the arrow keys. */
export const Playground: Story = {
  args: { defaultValue: new Time(7, 0), hourCycle: 24 },
  play: async ({ args, canvasElement }) => {
    const [hour] = within(canvasElement).getAllByRole('spinbutton');
    await userEvent.click(hour!);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(new Time(8, 0));
  },
};

export const Afternoon: Story = {
  args: { defaultValue: new Time(13, 30), hourCycle: 12 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('spinbutton').length).toBeGreaterThanOrEqual(3);
  },
};

export const Invalid: Story = {
  args: { defaultValue: new Time(6, 0), errorMessage: 'School starts at 7:00' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('School starts at 7:00')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: new Time(7, 0) },
  play: async ({ canvasElement }) => {
    for (const s of within(canvasElement).getAllByRole('spinbutton'))
      await expect(s).toHaveAttribute('aria-disabled', 'true');
  },
};
