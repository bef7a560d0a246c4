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
