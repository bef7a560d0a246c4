import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SegmentedControl, type Segment } from './SegmentedControl.js';

const statuses: Segment[] = [
  { id: 'P', code: 'P', label: 'Present · មានវត្តមាន', tone: 'success' },
  { id: 'A', code: 'A', label: 'Absent · អវត្តមាន', tone: 'danger' },
  { id: 'E', code: 'E', label: 'Permission · ច្បាប់', tone: 'info' },
  { id: 'L', code: 'L', label: 'Late · មកយឺត', tone: 'warning' },
];

const meta = {
  title: 'Forms/SegmentedControl',
  tags: ['autodocs'],
  component: SegmentedControl,
  args: { label: 'Sok Dara', segments: statuses, defaultValue: 'P', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
One choice out of a few, shown side by side as joined segments — the attendance status of a student (Present, Absent, Permission, Late), each in its own colour when chosen. \`segments\` is an array of \`{ id, label, code?, tone?, isDisabled? }\`; \`compact\` shows only the codes (P, A, E, L) for a dense attendance sheet, and the names stay the accessible names. A react-aria radio group underneath: arrows move and choose, Tab leaves. The label is optional; without one, give \`aria-label\` (the student's name in a sheet row).

**Also exported**: the \`Segment\` type and \`segmentTones\` (\`neutral\`, \`success\`, \`danger\`, \`warning\`, \`info\`).

### When to use

- A status chosen for many rows in a row (attendance sheets), where a segment per option is faster than opening a list.
- Two to five short options that are worth seeing at once.

### When to use something else

- Options with longer labels or descriptions: **RadioGroup**.
- Many options: **Select**.
- Switching between views or panels of a page: **Tabs** (segments choose a value, tabs show content).
- On/off: **Switch**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus into the group, to the chosen segment (or the first), and out of the group on the next press. |
| \`ArrowRight\` / \`ArrowDown\` | Moves to and chooses the next segment, wrapping to the first; disabled segments are skipped. |
| \`ArrowLeft\` / \`ArrowUp\` | Moves to and chooses the previous segment, wrapping to the last. |
| \`Space\` | Chooses the focused segment. |

- Role \`radiogroup\` (horizontal), named by \`label\` or \`aria-label\`; each segment is a \`radio\` named by its \`label\`, so "Absent" is heard, not "A". The code is hidden from screen readers unless the segment is compact.
- The tone colour is extra: the chosen segment is also filled and its name (or code) says what it is.
- \`errorMessage\` marks the group invalid and is read with it.
- APG pattern: [Radio Group](https://www.w3.org/WAI/ARIA/apg/patterns/radio/).

### Khmer content

- Segment names take the Khmer line height (1.8) under \`lang="km"\`; segments are at least 40 px high and grow with their text, and the row wraps onto a second line in a narrow column rather than overflowing.
- Keep the names short (មានវត្តមាន, អវត្តមាន, ច្បាប់, មកយឺត): long Khmer words make wide segments. Use \`compact\` where space is tight.
- Codes are short Latin letters in the sheet (P, A, E, L) and use tabular figures; write any numbers with the user's digits.
`,
      },
    },
  },
} satisfies Meta<typeof SegmentedControl>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An attendance status: click one, then move with the arrow keys. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Absent/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('A');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: /Permission/ })).toBeChecked();
  },
};

/** Codes only, for a dense sheet; the names stay for screen readers. */
export const Compact: Story = {
  args: { compact: true, label: undefined, 'aria-label': 'Sok Dara' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Late/ }));
    await expect(canvas.getByRole('radio', { name: /Late/ })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(canvas.getByRole('radio', { name: /Permission/ })).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    for (const r of within(canvasElement).getAllByRole('radio')) await expect(r).toBeDisabled();
  },
};
