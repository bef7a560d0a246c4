import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.js';
import { Inline, inlineAligns, inlineAlignYs } from './Inline.js';

const meta = {
  title: 'Layout/Inline',
  tags: ['autodocs'],
  component: Inline,
  args: { gap: 'small', align: 'start', alignY: 'center', noWrap: false },
  argTypes: {
    gap: { control: 'select', options: ['none', 'xsmall', 'small', 'medium', 'large'] },
    align: { control: 'inline-radio', options: inlineAligns },
    alignY: { control: 'inline-radio', options: inlineAlignYs },
  },
  render: (args) => (
    <Inline {...args}>
      <Button variant="secondary">Cancel</Button>
      <Button variant="secondary">បោះបង់</Button>
      <Button>Save</Button>
      <Button>រក្សាទុក</Button>
    </Inline>
  ),
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Lays its children out in a row with a theme space token between them, and wraps them onto more lines when the row is too narrow, as on a 360 px phone. Use it for a form's buttons, a row of badges or filters: anything that sits side by side. It renders a \`div\` (or a \`ul\` or \`span\` with \`as\`) and never scrolls sideways.

### When to use

- Buttons at the end of a form or a dialog (\`align="end"\`).
- Small things side by side that may wrap: badges, chips, filters, an icon and its label.
- A row whose parts go to both ends (\`align="space-between"\`), such as a title and its action.

### When to use something else

- Things one under another: **Stack**.
- A page's frame with header and navigation: **AppShell**.
- Choices shown side by side that the user picks from: **SegmentedControl** or **RadioGroup** with \`orientation="horizontal"\`.
- A list of pages or items with keyboard arrows between them: **Tabs** or **Pagination**, not a row of buttons in an Inline.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves through the focusable children in their source order; the Inline itself is never focused. |

- It adds no role: a \`div\` is ignored by screen readers. With \`as="ul"\` and \`li\` children it is announced as a list with its number of items (list bullets and indentation are removed).
- The visual order is the source order, so focus and reading order match what is seen; wrapping does not reorder.
- \`gap\` uses logical spacing and \`align\` works in inline terms (start, end), so the layout follows the writing direction.

### Khmer content

- Khmer labels are longer than English ones: keep wrapping on (the default) so buttons such as រក្សាទុក and បោះបង់ move to a second line instead of overflowing; use \`noWrap\` only for short, fixed content.
- \`alignY="center"\` (the default) centres children of different heights; \`baseline\` lines up mixed Khmer and Latin text by its baseline, which keeps Khmer's taller line (line height 1.8 for \`:lang(km)\`) from looking raised.
- The Inline sets no font or line height; each child keeps its own (Noto Sans Khmer comes from the theme's font stack).
`,
      },
    },
  },
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A row that wraps on a narrow screen. */
export const Playground: Story = {};

/** Actions at the inline end, the usual place for a form's buttons. */
export const AlignEnd: Story = { args: { align: 'end' } };

/** Spread to both ends. */
export const SpaceBetween: Story = { args: { align: 'space-between' } };

/** On a phone the row wraps onto a second line instead of overflowing. */
export const WrapsOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};
