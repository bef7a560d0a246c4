import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { dayName } from '../../lib/calendar.js';
import { storyIsKhmer } from '../private/field/storyStrings.js';
import { DayOfWeekPicker } from './DayOfWeekPicker.js';

const meta = {
  title: 'Pickers/DayOfWeekPicker',
  component: DayOfWeekPicker,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `The days of the week, Monday first, each in its traditional colour: one day (a timetable slot) or several (the school's teaching days). It stores numbers (1 Monday – 7 Sunday) and shows names in the interface language.

### When to use
- Choosing a weekday or a set of weekdays: a timetable slot, the teaching days, a club's meeting days.

### When to use something else
- A calendar date: \`DatePicker\`; a week: \`WeekPicker\`.
- Other short one-of-many choices: \`SegmentedControl\` or \`RadioGroup\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves into the group and out of it |
| Arrow Left, Arrow Right (Up, Down) | Move between days |
| Space, Enter | Chooses the focused day (single), or toggles it (multiple) |

- Single: a \`radiogroup\` of radios; multiple: a \`toolbar\` of toggle buttons with \`aria-pressed\`. Both are named by \`label\`; \`description\` and \`errorMessage\` are linked with \`aria-describedby\`.
- Disabled days (\`disabledDays\`) are announced and skipped.
- Each day's colour is decoration: the name always says which day it is, and the chosen state shows by more than colour.

### Khmer content
- Day names in Khmer (ច័ន្ទ, អង្គារ…) or their short forms with \`short\`, to fit a phone.
- Names wrap inside their buttons with the Khmer line height; the row wraps onto two lines on a narrow screen.
- No digits are shown: days are stored as numbers, shown as names.`,
      },
    },
  },
  args: { label: 'Day', onChange: fn() },
} satisfies Meta<typeof DayOfWeekPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One day: click Wednesday, then move to Thursday with the arrow key and press Space. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: dayName(3, lang) }));
    await expect(args.onChange).toHaveBeenLastCalledWith([3]);
    await userEvent.keyboard('{ArrowRight} ');
    await expect(args.onChange).toHaveBeenLastCalledWith([4]);
  },
};

/** The school's teaching days: several may be chosen. */
export const TeachingDays: Story = {
  args: {
    selectionMode: 'multiple',
    defaultValue: [1, 2, 3, 4, 5],
    disabledDays: [7],
    short: true,
  },
  play: async ({ args, canvasElement }) => {
    const lang = storyIsKhmer(canvasElement) ? 'km' : 'en';
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: dayName(6, lang, 'short') }));
    await expect(args.onChange).toHaveBeenLastCalledWith([1, 2, 3, 4, 5, 6]);
    await expect(canvas.getByRole('button', { name: dayName(7, lang, 'short') })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose the day of the lesson' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose the day of the lesson')).toBeVisible();
  },
};
