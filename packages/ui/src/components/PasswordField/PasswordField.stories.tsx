import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { PasswordField } from './PasswordField.js';

const meta = {
  title: 'Forms/PasswordField',
  tags: ['autodocs'],
  component: PasswordField,
  args: { label: 'Password', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A password input with a show/hide button: people on phones mistype passwords they cannot see. \`autoComplete\` tells password managers whether this is the current password (sign-in, the default) or a new one (\`new-password\`). Like every field it has a visible \`label\`, an optional \`description\` and an \`errorMessage\` that marks it invalid.

### When to use

- Signing in (\`autoComplete="current-password"\`).
- Choosing or changing a password (\`autoComplete="new-password"\`, with the rules in \`description\`).

### When to use something else

- A PIN or code that is not secret, or a username: **TextField**.
- A number: **NumberField**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the input, then to the show/hide button. |
| \`Enter\` / \`Space\` | On the button, shows or hides the password. |
| typing | Edits the password; each change calls \`onChange\`. |

- The input is named by its \`<label>\`; description and error are linked by \`aria-describedby\`, and an error sets \`aria-invalid="true"\`.
- The button is a toggle (\`aria-pressed\`), named "Show password" or "Hide password" in the current language, so screen readers say whether the password is shown.
- Spell-checking and auto-capitalisation are off; paste works, so password managers work.
- APG pattern for the toggle: [Button](https://www.w3.org/WAI/ARIA/apg/patterns/button/) (toggle button).

### Khmer content

- The button's names are the library's strings (បង្ហាញពាក្យសម្ងាត់ in Khmer); label, description and error wrap with the Khmer line height (1.8) under \`:lang(km)\`.
- The input inherits its line height and only has a minimum height, so shown Khmer text is not clipped. Passwords are usually Latin letters and digits; a Khmer keyboard types Khmer digits (០–៩), which are different characters from 0–9 — say which to use in \`description\` if it matters.
`,
      },
    },
  },
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
