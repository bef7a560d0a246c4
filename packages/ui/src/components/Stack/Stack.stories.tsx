import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.js';
import { Text } from '../Text/Text.js';
import { Stack, stackAligns } from './Stack.js';

const spaces = ['none', 'xsmall', 'small', 'medium', 'large', 'xlarge', 'xxlarge'] as const;

const meta = {
  title: 'Layout/Stack',
  tags: ['autodocs'],
  component: Stack,
  args: { gap: 'medium', align: 'stretch' },
  argTypes: {
    gap: { control: 'select', options: spaces },
    align: { control: 'inline-radio', options: stackAligns },
  },
  render: (args) => (
    <Stack {...args}>
      <Card>Grade 7 A</Card>
      <Card>ថ្នាក់ទី៧ ខ</Card>
      <Card>Grade 8 A</Card>
    </Stack>
  ),
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Lays its children out in a column with even space between them, from the theme's space scale; the gap may change per breakpoint (\`{ mobile: 'small', desktop: 'xlarge' }\`). It is the basic building block of every Sala screen: a form's fields, a card's content, a list of cards.

### When to use

- Fields of a form, sections of a page, cards one under another.
- A list without bullets: \`as="ul"\` (or \`ol\`) with \`li\` children.
- A landmark that is also a column: \`as="section"\`, \`nav\`, \`main\` or \`form\`.

### When to use something else

- Things side by side that wrap: **Inline**.
- A bordered, padded block: **Card** (put a Stack inside it).
- A table of rows and columns: **DataTable**.
- A page's frame with header and navigation: **AppShell**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves through the focusable children in their source order; the Stack itself is never focused. |

- \`as\` chooses the element, and with it the semantics: \`ul\`/\`ol\` is announced as a list (bullets and indentation removed), \`nav\`, \`main\` and \`section\` (with an accessible name) are landmarks, \`form\` is a form. A \`div\` (the default) adds nothing.
- The visual order is the source order, so focus and reading order match what is seen.

### Khmer content

- The Stack sets no line height or font: Khmer children keep their own taller line height (1.8 for \`:lang(km)\`) and the gap is added on top, so stacked consonants and vowels above and below the line never touch the next child.
- Children stretch to the Stack's width by default (\`align="stretch"\`), which gives long Khmer text, written without spaces between words, the whole width to wrap in. \`minWidth: 0\` keeps a long word from pushing the column wider than its parent.
`,
      },
    },
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Children in a column, evenly spaced by a theme space token. */
export const Playground: Story = {};

/** The gap can change per breakpoint: tight on phones, roomier on desktops. */
export const ResponsiveGap: Story = {
  args: { gap: { mobile: 'small', desktop: 'xlarge' } },
};

/** Centred children keep their own width. */
export const Centred: Story = {
  args: { align: 'center' },
};

/** As a list: `as="ul"` with `li` children, without bullets or indentation. */
export const AsList: Story = {
  render: (args) => (
    <Stack {...args} as="ul" gap="small">
      <li>
        <Text>Sok Dara</Text>
      </li>
      <li>
        <Text>ចាន់ សុភា</Text>
      </li>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};
