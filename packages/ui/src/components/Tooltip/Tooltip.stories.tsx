import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Tooltip, tooltipPlacements } from './Tooltip.js';

const meta = {
  title: 'Overlays/Tooltip',
  tags: ['autodocs'],
  component: Tooltip,
  args: {
    content: 'Saves the scores for Grade 7 A',
    placement: 'top',
    delay: 0,
    children: <Button variant="secondary">Save</Button>,
  },
  argTypes: { placement: { control: 'inline-radio', options: tooltipPlacements } },
  parameters: {
    layout: 'centered',
    status: 'stable',
    docs: {
      description: {
        component: `
A short label that appears next to a control on hover (after \`delay\`, 600 ms) and at once on keyboard focus — it names an icon-only button or explains a control in a few words. It is react-aria's TooltipTrigger: \`children\` is one focusable react-aria element (Button, IconButton, a Link), \`content\` is what it says, \`placement\` where it shows (it flips when there is no room). It is supplementary: the control must have its own accessible name.

### When to use

- The name of an icon-only control (IconButton shows one by default).
- A brief hint about what a control does ("Saves the scores for Grade 7 A").
- The name of a page in a collapsed sidebar (NavItem does this itself).

### When to use something else

- Information the user needs to complete a task: a field's \`description\`, or **Text** on the page — tooltips are missed on touch screens and by many users.
- Anything interactive (links, buttons): a **Dialog** or a **Menu**; a tooltip cannot hold focus.
- An error: the field's \`errorMessage\`.
- Long explanations: a help page or a **Dialog**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Focusing the control shows its tooltip at once. |
| \`Escape\` | Hides the tooltip; focus stays on the control. |

- Role \`tooltip\`, linked to the control by \`aria-describedby\`: screen readers read it as the control's description, after its name.
- On hover it shows after \`delay\` and hides \`closeDelay\` (200 ms) after the pointer leaves. Touch-screen users rarely see it: never put anything essential only in a tooltip.
- It is drawn in the inverse of the page's colours (text colour background, inverse text), in light and dark.
- APG pattern: [Tooltip](https://www.w3.org/WAI/ARIA/apg/patterns/tooltip/).

### Khmer content

- The text uses the small type size with the Khmer line height (1.8) under \`lang="km"\`; it wraps within the tooltip's maximum width (280 px, less on a narrow phone; \`overflow-wrap: anywhere\`), so long Khmer text without spaces never overflows.
- Write numbers with the user's digits.
`,
      },
    },
  },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shows on keyboard focus at once and on hover after `delay`; Escape and leaving hide it. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    // react-aria shows tooltips on hover only once the user is known to use a pointer.
    await userEvent.click(canvasElement);
    await userEvent.hover(button);
    const tip = await screen.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Saves the scores for Grade 7 A');
    await expect(button).toHaveAttribute('aria-describedby', tip.id);
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/** Open, so its look can be reviewed; Khmer text wraps inside the maximum width. */
export const Open: Story = {
  args: {
    defaultOpen: true,
    content: 'រក្សាទុកពិន្ទុសម្រាប់ថ្នាក់ទី៧ ក — Saves the scores for Grade 7 A',
  },
  play: async () => {
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
  },
};

/** Below the control. */
export const Bottom: Story = {
  args: { defaultOpen: true, placement: 'bottom' },
  play: async () => {
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
  },
};

/** A disabled tooltip never shows. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(screen.queryByRole('tooltip')).toBeNull();
  },
};
