import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox.js';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A checkbox with its label: the whole 44 px row toggles it. \`isIndeterminate\` shows a dash (for example "select all" while some rows are selected).

### When to use
- One independent on/off choice in a form that is saved with the form ("Send absence alerts to guardians").

### When to use something else
- Several related choices under one label: \`CheckboxGroup\`.
- A setting that takes effect at once: \`Switch\`.
- One choice among several: \`RadioGroup\` or \`SegmentedControl\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to the checkbox |
| Space | Checks or unchecks it |

- A native checkbox (react-aria) named by its label; checked, unchecked and mixed (\`isIndeterminate\`) states are announced.
- \`isInvalid\`, \`isRequired\` and \`isDisabled\` are passed to the input and announced.
- The box is drawn, the input is visually hidden but focusable; the focus ring shows on keyboard focus.
- Pattern: [WAI-ARIA APG Checkbox](https://www.w3.org/WAI/ARIA/apg/patterns/checkbox/).

### Khmer content
- The label wraps beside the box and gets the Khmer line height; the box stays aligned with the first line.
- No numbers are shown by the checkbox itself.`,
      },
    },
  },
  args: { children: 'Send absence alerts to guardians', onChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click the label, then Space with the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Send absence alerts to guardians' });
    await userEvent.click(canvas.getByText('Send absence alerts to guardians'));
    await expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).not.toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const Checked: Story = {
  args: { defaultSelected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toBeChecked();
  },
};

export const Indeterminate: Story = {
  args: { isIndeterminate: true, children: 'Select all' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toBePartiallyChecked();
  },
};

export const Khmer: Story = {
  args: { children: 'ផ្ញើការជូនដំណឹងអវត្តមានទៅអាណាព្យាបាល' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('checkbox'));
    await expect(within(canvasElement).getByRole('checkbox')).toBeChecked();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toBeDisabled();
  },
};
