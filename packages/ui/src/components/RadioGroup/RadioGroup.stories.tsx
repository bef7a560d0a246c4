import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from './RadioGroup.js';

const statuses = [
  { id: 'Working', label: 'Working · កំពុងធ្វើការ' },
  { id: 'Resigned', label: 'Resigned · លាលែង' },
  { id: 'Terminated', label: 'Terminated · បញ្ឈប់' },
  { id: 'Expired', label: 'Contract expired · ផុតកិច្ចសន្យា' },
  { id: 'Abandoned', label: 'Abandoned · បោះបង់ការងារ' },
];

const meta = {
  title: 'Forms/RadioGroup',
  tags: ['autodocs'],
  component: RadioGroup,
  args: { label: 'Working status', options: statuses, onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A labelled set of radio buttons: exactly one of a few options, all visible at once — a staff member's working status, a gender. \`options\` is an array of \`{ id, label, description?, isDisabled? }\`; \`value\`/\`defaultValue\` and \`onChange\` work with the chosen id. Vertical by default (\`orientation="horizontal"\` for two or three short options). It is react-aria's RadioGroup with the field's label, \`description\` and \`errorMessage\`.

### When to use

- Two to about six options that the user should see side by side before choosing.
- A choice with an explanation per option (\`description\` on the option).

### When to use something else

- Many options, or a choice that needs little space: **Select** (or **ComboBox** to search).
- Several may be chosen: **CheckboxGroup**; a single on/off: **Checkbox** (in a form) or **Switch** (takes effect at once).
- A compact status chosen many times in a row (attendance): **SegmentedControl**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus into the group, to the chosen radio (or the first), and out of the group on the next press. |
| \`ArrowDown\` / \`ArrowRight\` | Moves to and chooses the next option, wrapping to the first; disabled options are skipped. |
| \`ArrowUp\` / \`ArrowLeft\` | Moves to and chooses the previous option, wrapping to the last. |
| \`Space\` | Chooses the focused option. |

- Role \`radiogroup\`, named by the label, with \`aria-describedby\` for the description and the error; \`errorMessage\` marks it invalid (\`aria-invalid\`), in words under it.
- Each option is a native radio named by its label (and described by its description); its whole row, at least 44 px high, is the touch target.
- APG pattern: [Radio Group](https://www.w3.org/WAI/ARIA/apg/patterns/radio/).

### Khmer content

- Labels and descriptions wrap onto more lines with the Khmer line height (1.8) under \`lang="km"\`; the radio is centred on its label.
- Horizontal groups wrap onto more lines on a phone rather than overflowing.
- Write numbers in labels with the user's digits (\`formatNumber(n, { digits })\`).
`,
      },
    },
  },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click one, then move with the arrow keys. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Resigned/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('Resigned');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: /Terminated/ })).toBeChecked();
  },
};

export const Horizontal: Story = {
  args: {
    label: 'Gender',
    orientation: 'horizontal',
    options: [
      { id: 'female', label: 'Female · ស្រី' },
      { id: 'male', label: 'Male · ប្រុស' },
    ],
    defaultValue: 'female',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Female/ })).toBeChecked();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose a working status' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose a working status')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    for (const r of within(canvasElement).getAllByRole('radio')) await expect(r).toBeDisabled();
  },
};
