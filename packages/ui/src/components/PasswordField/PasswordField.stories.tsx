import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { PasswordField } from './PasswordField.js';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: { label: 'Password', onChange: fn() },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type, then show the password with the pointer and hide it again with the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'kh-2026');
    await expect(args.onChange).toHaveBeenLastCalledWith('kh-2026');
    await userEvent.click(canvas.getByRole('button', { name: t('field.showPassword') }));
    await expect(input).toHaveAttribute('type', 'text');
    const hide = canvas.getByRole('button', { name: t('field.hidePassword') });
    hide.focus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const NewPassword: Story = {
  args: { autoComplete: 'new-password', description: 'At least 8 characters' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await expect(input).toHaveAccessibleDescription('At least 8 characters');
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'The password is incorrect' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Password');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Password')).toBeDisabled();
  },
};
