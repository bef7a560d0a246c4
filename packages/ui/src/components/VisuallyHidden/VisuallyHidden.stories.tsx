import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from './VisuallyHidden.js';

const meta = {
  title: 'Utilities/VisuallyHidden',
  tags: ['autodocs'],
  component: VisuallyHidden,
  args: { children: 'Delete student Sok Dara' },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Content for screen readers only: hidden from sight, but not from assistive technology. It names an icon-only control, adds context a sighted user gets from the layout ("Delete student **Sok Dara**"), or gives a section a heading that only screen-reader users need. It renders a \`span\` (or a \`div\`, \`h2\`, \`h3\` with \`as\`).

### When to use

- The accessible name of a link or control that shows only an icon, when you build one yourself.
- Extra words that make a repeated control unique for screen readers ("Edit" → "Edit Sok Dara's scores").
- A heading that structures the page for screen readers where the design shows none.

### When to use something else

- An icon-only button: **IconButton** (its \`label\` is the name, and a Tooltip shows it).
- Hiding something from everyone, screen readers included: do not render it, or use \`hidden\`.
- A decorative icon next to visible text: \`aria-hidden="true"\` on the icon, not VisuallyHidden.
- An error or hint under a field: the field's \`description\` and \`errorMessage\`, which are visible to everyone.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable itself; a focusable element inside it would be invisible when focused, so put none there. |

- The text is clipped to a 1 px box and taken out of the layout (the usual "sr-only" technique), so screen readers read it in its place in the reading order, and it joins the accessible name of the link or button around it.
- Keep what is hidden in step with what is shown: a hidden name must start with, or contain, the visible label (WCAG 2.5.3 *Label in name*).

### Khmer content

- The hidden text is read by the screen reader's voice for the page's language: add \`lang="km"\` (or \`lang="en"\`) when the hidden words are in the other language.
- Nothing is shown, so line height, digits and wrapping do not matter; still write numbers the way the user reads them (Khmer digits ០–៩ when that is the user's setting), as screen readers read them as written.
`,
      },
    },
  },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden text still names the link for screen readers. */
export const Playground: Story = {
  render: (args) => (
    <a href="#delete">
      <Trash2 aria-hidden="true" size={20} />
      <VisuallyHidden {...args} />
    </a>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Delete student Sok Dara' });
    await expect(link).toBeVisible();
  },
};
