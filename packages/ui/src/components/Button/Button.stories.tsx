import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, buttonSizes, buttonVariants } from './Button.js';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `Starts an action: save, submit, open a dialog. It is react-aria's \`Button\` with the theme's looks: four variants by visual weight, three sizes, and a pending state for work in progress.

### When to use
- An action on the current page: submit a form, save scores, open a dialog or a menu.
- One \`primary\` button per view for the main action; \`secondary\` or \`ghost\` for the others; \`danger\` for a destructive action (usually confirmed by a \`ConfirmDialog\`).
- \`isPending\` while the action's request runs, instead of disabling the button.

### When to use something else
- Going to another page: \`Link\` (or \`asChild\` around a router link when it must look like a button).
- An action shown only as an icon: \`IconButton\` (accessible name and tooltip built in).
- A choice that stays on or off: \`Switch\`, \`Checkbox\` or \`SegmentedControl\`.
- Several actions under one trigger: \`Menu\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to the button (the focus ring shows for keyboard users only) |
| Enter, Space | Presses the button |

- A \`<button>\` named by its text; a disabled button is skipped by Tab.
- While \`isPending\` it stays focusable, is \`aria-disabled\`, ignores presses, and a focused button announces that it is busy, then done. A submit button does not submit again while pending.
- Medium is 44 px high, the minimum touch target; small is for dense tables only.
- With \`asChild\` the child (a link) keeps its own role and keyboard behaviour.
- Pattern: [WAI-ARIA APG Button](https://www.w3.org/WAI/ARIA/apg/patterns/button/).

### Khmer content
- Khmer labels get the taller Khmer line height: the button grows, stacked consonants are never clipped. Never give it a fixed height.
- Khmer labels are often longer than English ones: let the button wrap, or use \`fullWidth\` on phones; never truncate.
- Numbers in a label follow the app's digits (\`SalaProvider digits\`, \`formatNumber\`).`,
      },
    },
  },
  args: { children: 'Save', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every prop as a control. Pressing the button by pointer and by keyboard calls `onPress`. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Save' });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(3);
  },
};

/** One primary action per view; secondary and ghost for the rest; danger for destructive ones. */
export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
};

/** Medium is 44 px high, the comfortable touch size on a phone. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      {buttonSizes.map((size) => (
        <Button key={size} {...args} size={size}>
          {size}
        </Button>
      ))}
    </div>
  ),
};

/** Khmer labels keep their stacked consonants: the button grows, it never clips. */
export const KhmerLabel: Story = {
  args: { children: 'រក្សាទុកព្រឹត្តិបត្រពិន្ទុ' },
};

/** While an action runs the button shows a spinner, keeps its size and ignores presses. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** `asChild` gives a link the button's look; it stays a link for assistive technology. */
export const AsLink: Story = {
  render: (args) => (
    <Button variant={args.variant} asChild>
      <a href="#home">Go home</a>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Go home' });
    await expect(link).toHaveAttribute('href', '#home');
    await expect(link.className).not.toBe('');
  },
};
