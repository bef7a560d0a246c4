import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './Switch.js';

const meta = {
  title: 'Forms/Switch',
  tags: ['autodocs'],
  component: Switch,
  args: { children: 'Count late as present', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
An on/off setting that takes effect at once — "Count late as present", "Send absence alerts" — with its label beside it. It is react-aria's Switch: \`isSelected\`/\`defaultSelected\` and \`onChange(isSelected)\`, \`isDisabled\`, \`isReadOnly\`, \`name\` and \`value\` for forms. The label names the setting, not its state ("Dark mode", not "Turn dark mode on").

### When to use

- A preference or setting saved as soon as it changes.

### When to use something else

- An answer in a form that is saved with the form's button: **Checkbox** (a switch suggests an immediate effect).
- Several options: **CheckboxGroup**; one of several: **RadioGroup** or **SegmentedControl**.
- An action ("Publish scores"): **Button**.
- Light/dark mode in the header: **ColorModeToggle**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the switch. |
| \`Space\` | Turns it on or off. |

- Role \`switch\` (a native checkbox input with \`role="switch"\`), named by the label and announced as on or off; the whole row, at least 44 px high, is the touch target.
- The state is shown by the thumb's position and the track's fill, not only by colour.
- Announce the effect of a change when it is not visible (a **Toast**).
- APG pattern: [Switch](https://www.w3.org/WAI/ARIA/apg/patterns/switch/).

### Khmer content

- The label wraps with the Khmer line height (1.8) under \`lang="km"\`; the switch stays beside it.
- Write numbers in the label with the user's digits.
- The label's font is the theme's (Noto Sans Khmer for Khmer).
`,
      },
    },
  },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click to turn on, Space to turn off. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const sw = within(canvasElement).getByRole('switch', { name: 'Count late as present' });
    await userEvent.click(sw);
    await expect(sw).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(sw).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const On: Story = {
  args: { defaultSelected: true, children: 'រាប់ការមកយឺតជាវត្តមាន' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch')).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch')).toBeDisabled();
  },
};
