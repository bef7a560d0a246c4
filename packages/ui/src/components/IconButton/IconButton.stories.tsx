import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Trash2 } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Inline } from '../Inline/Inline.js';
import { IconButton, iconButtonSizes, iconButtonVariants } from './IconButton.js';

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A square button showing only an icon, named by \`label\` and explained by a tooltip with the same words.

### When to use
- Frequent, well-known actions in toolbars, headers and table rows: edit, delete, close, open the menu.

### When to use something else
- An action whose icon is not obvious: \`Button\` with words (with an icon too, if it helps).
- Going to another page: \`Link\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to the button; the tooltip shows |
| Enter, Space | Presses the button |
| Escape | Hides the tooltip |

- Named by \`label\` (\`aria-label\`); the icon is hidden from screen readers. \`tooltip={false}\` removes the tooltip, never the name.
- Medium is 44 × 44 px; small only in dense desktop tables.
- \`isPending\` shows a spinner, keeps the size and ignores presses, as \`Button\` does.
- Pattern: [WAI-ARIA APG Button](https://www.w3.org/WAI/ARIA/apg/patterns/button/).

### Khmer content
- Pass the label in the interface language; the tooltip wraps Khmer words with the Khmer line height.
- No numbers are shown.`,
      },
    },
  },
  args: { label: 'Edit', icon: <Pencil size={20} />, onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: iconButtonVariants },
    size: { control: 'inline-radio', options: iconButtonSizes },
    icon: { control: false },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Named by its label, which is also its tooltip; pressed by pointer, Enter and Space. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Edit' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(3);
  },
};

export const Variants: Story = {
  render: (args) => (
    <Inline gap="small">
      {iconButtonVariants.map((variant) => (
        <IconButton
          key={variant}
          {...args}
          variant={variant}
          label={`Delete (${variant})`}
          icon={<Trash2 size={20} />}
        />
      ))}
    </Inline>
  ),
};

/** Medium is the 44 px touch target. */
export const Sizes: Story = {
  render: (args) => (
    <Inline gap="small">
      {iconButtonSizes.map((size) => (
        <IconButton key={size} {...args} size={size} label={`Edit (${size})`} />
      ))}
    </Inline>
  ),
};

/** Pending: a spinner replaces the icon and presses are ignored. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Edit' });
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    // The pointer leaves, so the hover tooltip is not half-way to showing in the screenshot.
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Edit' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** Without a tooltip (when the label is already visible nearby). */
export const NoTooltip: Story = {
  args: { tooltip: false },
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Edit' }));
    await expect(screen.queryByRole('tooltip')).toBeNull();
  },
};
