import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckboxGroup } from './CheckboxGroup.js';

const notices = [
  { id: 'absence', label: 'Absence alerts', description: 'To the class guardians group' },
  { id: 'daily', label: 'Daily attendance summary', description: 'To the office' },
  { id: 'scores', label: 'Score publication', description: 'To guardians' },
];

const meta = {
  title: 'Forms/CheckboxGroup',
  component: CheckboxGroup,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A labelled set of checkboxes whose value is the list of checked ids, with a description and an error message for the whole group.

### When to use
- Choosing any number of options from a short list (up to about eight): the notices to send, the subjects a teacher teaches.

### When to use something else
- One choice only: \`RadioGroup\`, \`SegmentedControl\` or \`Select\`.
- A single yes/no: \`Checkbox\` or \`Switch\`.
- A long list: \`ComboBox\` (one choice) or a selectable \`DataTable\`.
- Days of the week: \`DayOfWeekPicker\` with \`selectionMode="multiple"\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab, Shift+Tab | Move between the checkboxes |
| Space | Checks or unchecks the focused one |

- A \`group\` named by \`label\`; \`description\` and \`errorMessage\` are linked with \`aria-describedby\`, and the group is marked invalid with an error.
- Each option is a \`Checkbox\` named by its label; an option's \`description\` is read with it; disabled options are announced.
- \`orientation="horizontal"\` changes the layout only; the keyboard order stays the reading order.

### Khmer content
- Labels and option descriptions wrap with the Khmer line height; in a horizontal group, options wrap onto new lines on a phone.
- Option labels come from the caller in the interface language.`,
      },
    },
  },
  args: { label: 'Telegram notices', options: notices, onChange: fn() },
} satisfies Meta<typeof CheckboxGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Check with the pointer, move with Tab and toggle with Space. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: /Absence alerts/ }));
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(['absence', 'daily']);
  },
};

export const Horizontal: Story = {
  args: { orientation: 'horizontal', defaultValue: ['scores'] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('checkbox', { name: /Score publication/ }),
    ).toBeChecked();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose at least one notice' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose at least one notice')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole('checkbox'))
      await expect(box).toBeDisabled();
  },
};
