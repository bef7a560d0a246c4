import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs.js';

const meta = {
  title: 'Navigation/Tabs',
  tags: ['autodocs'],
  component: Tabs,
  args: {
    'aria-label': 'Student record',
    onSelectionChange: fn(),
    tabs: [
      { id: 'details', label: 'Details · ព័ត៌មាន', content: <p>Sok Dara · Grade 7A</p> },
      { id: 'attendance', label: 'Attendance · វត្តមាន', content: <p>3 absences, 1 permission</p> },
      { id: 'scores', label: 'Scores · ពិន្ទុ', content: <p>Average 8.25</p> },
      { id: 'guardians', label: 'Guardians · អាណាព្យាបាល', content: <p>Sok Chea · 012 345 678</p> },
    ],
  },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Tabs over panels: one record or page seen through a few views — a student's details, attendance, scores and guardians. \`tabs\` is an array of \`{ id, label, content, isDisabled? }\`; only the selected tab's panel is rendered. The first enabled tab is selected by default; \`selectedKey\`/\`defaultSelectedKey\` and \`onSelectionChange(id)\` control it (react-aria Tabs' props). \`aria-label\` is required: it names the tab list. On a phone the tab row scrolls sideways rather than wrapping.

### When to use

- Three to six views of the same thing, where the user looks at one at a time.
- Views whose content is long enough that showing them all would bury the rest.

### When to use something else

- Pages of the app: **Sidebar** with **NavItem**s (tabs do not change the address).
- A choice that is a value (a status, a filter): **SegmentedControl** or **RadioGroup**.
- Steps of a process that must go in order: one page per step with **Button**s, not tabs.
- Sections that may all be open at once: headings in a **Stack**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the selected tab, then into its panel (the panel itself when it has nothing focusable). |
| \`ArrowRight\` / \`ArrowLeft\` | Moves to and selects the next or previous tab, wrapping at the ends; disabled tabs are skipped. |
| \`Home\` / \`End\` | Moves to and selects the first or last tab. |

- A \`tablist\` named by \`aria-label\`, with \`tab\`s (\`aria-selected\`, \`aria-controls\`) and a \`tabpanel\` labelled by its tab. Selection follows focus (automatic activation), as the APG recommends when panels show at once.
- The selected tab is marked by a coloured underline and colour, and is announced as selected.
- APG pattern: [Tabs](https://www.w3.org/WAI/ARIA/apg/patterns/tabs/).

### Khmer content

- Tab labels stay on one line (they do not wrap): the tab row scrolls sideways instead, so keep labels short — one or two Khmer words (ព័ត៌មាន, វត្តមាន, ពិន្ទុ).
- Labels take the Khmer line height (1.8) under \`lang="km"\`; tabs are at least 44 px high and grow with it, so stacked consonants are not clipped.
- Write counts in labels with the user's digits (\`formatNumber(n, { digits })\`).
`,
      },
    },
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click a tab, then move with the arrow keys. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // react-aria renders a collection's items a moment after the list itself: wait for them.
    await userEvent.click(await canvas.findByRole('tab', { name: /Attendance/ }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('3 absences');
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('scores');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Average 8.25');
  },
};

export const DisabledTab: Story = {
  args: {
    tabs: [
      { id: 'a', label: 'Month', content: <p>Monthly scores</p> },
      { id: 'b', label: 'Semester', content: <p>Semester exam</p>, isDisabled: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('tab', { name: 'Semester' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Month' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Monthly scores');
  },
};
