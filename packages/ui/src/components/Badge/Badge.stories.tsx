import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../Inline/Inline.js';
import { Badge, badgeTones } from './Badge.js';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A small status label: a state ("Present", "Absent"), a role, a count. Its colour says the meaning at a glance; its words always say it too.

### When to use
- The state of a row or a record: attendance status, a report's "Draft" or "Published".
- A short label beside a title (a role, "New").

### When to use something else
- A message the user must read, or that appears after an action: \`Toast\`, or an \`ErrorState\` / \`EmptyState\` in the page.
- A number that is the point of a card: \`StatCard\`.
- A choice the user can change: \`SegmentedControl\`, \`Checkbox\` or \`Switch\`.

### Accessibility
- Not interactive and not focusable; read as part of the text around it.
- Never colour alone: the badge's words carry the meaning; an \`icon\` is decorative and hidden from screen readers.
- Each tone's text has at least 4.5:1 contrast on its background, light and dark.
- A badge that changes while the user watches is not announced: put an announcement in a live region (or a \`Toast\`) when that matters.

### Khmer content
- One line of Khmer gets the Khmer line height: the badge grows, stacked consonants are never clipped.
- Keep the words short; a long Khmer label wraps rather than being cut.
- Counts: write them with the app's digits (\`formatNumber\`, or \`toKhmerDigits\` for Khmer digits).`,
      },
    },
  },
  args: { children: 'Present · មានវត្តមាន', tone: 'success' },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Present · មានវត្តមាន')).toBeVisible();
  },
};

/** Every tone; the words carry the meaning, the colour repeats it. */
export const Tones: Story = {
  render: () => (
    <Inline gap="small">
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="primary">Teacher · គ្រូបង្រៀន</Badge>
      <Badge tone="success">Present · មានវត្តមាន</Badge>
      <Badge tone="warning">Late · មកយឺត</Badge>
      <Badge tone="danger">Absent · អវត្តមាន</Badge>
      <Badge tone="info">Permission · ច្បាប់</Badge>
    </Inline>
  ),
};
