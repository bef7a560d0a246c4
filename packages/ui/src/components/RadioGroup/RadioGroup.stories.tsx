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
  component: RadioGroup,
  args: { label: 'Working status', options: statuses, onChange: fn() },
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
