import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.js';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Username', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing reports every change; the label names the input for screen readers. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await userEvent.click(input);
    await userEvent.keyboard('sokha');
    await expect(input).toHaveValue('sokha');
    await expect(args.onChange).toHaveBeenLastCalledWith('sokha');
  },
};

export const WithDescription: Story = {
  args: { description: 'Your username, email or phone number' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAccessibleDescription('Your username, email or phone number');
  },
};

/** An error message marks the field invalid and is read with it. */
export const Invalid: Story = {
  args: { errorMessage: 'Please enter your username' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Username' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter your username');
  },
};

export const Khmer: Story = {
  args: { label: 'ឈ្មោះអ្នកប្រើ', defaultValue: 'សុខា', description: 'ឈ្មោះជាភាសាខ្មែរ' },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'admin' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Username' })).toBeDisabled();
  },
};
