import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.js';

const meta = {
  title: 'Forms/TextField',
  tags: ['autodocs'],
  component: TextField,
  args: { label: 'Username', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A labelled single-line text input: a name, a username, an email, a search term. The visible \`label\`, the \`description\` under it and the \`errorMessage\` are wired to the input by react-aria, so screen readers read them with it; an \`errorMessage\` marks the field invalid. It takes react-aria TextField's props (\`value\`/\`defaultValue\`, \`onChange\`, \`isRequired\`, \`isDisabled\`, \`isReadOnly\`, \`type\`, \`name\`, \`autoComplete\`, \`maxLength\`…).

### When to use

- Short free text on one line.
- Emails (\`type="email"\`), web addresses (\`type="url"\`) and search (\`type="search"\`).

### When to use something else

- Several lines (a comment, a reason): **TextArea**.
- A name in Khmer and in Latin letters: **BilingualTextField**.
- A number or a score: **NumberField**; a phone number: **PhoneInput**; a password: **PasswordField**.
- A date or a time: **DatePicker**, **TimeField**.
- One of a known list: **Select** (short) or **ComboBox** (long, searchable).

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus into the input (not when disabled). |
| typing | Edits the text; each change calls \`onChange\` with the whole value. |

- The label is a real \`<label>\` for the input; the description and error are linked by \`aria-describedby\`, and an error sets \`aria-invalid="true"\`.
- The error is shown in words under the field, not by colour alone; \`isRequired\` sets \`aria-required\`.
- A placeholder is not a label: it disappears as the user types and is low in contrast. Put the hint in \`description\`.
- A disabled field leaves the tab order; a read-only one stays focusable and readable.

### Khmer content

- Under a Khmer page (\`lang="km"\` on \`<html>\` or an ancestor) the label, description, error and the input itself take the Khmer line height (1.8). The input inherits its line height and has only a minimum height (44 px), so typed Khmer is never clipped. On an English page, give a field that expects Khmer text \`lang="km"\`.
- The label and messages wrap onto more lines when long; the input itself scrolls its text horizontally, as every single-line input does — use a TextArea for long Khmer text.
- The font is the theme's (Noto Sans Khmer for Khmer, Inter for Latin). Khmer keyboards type Khmer digits (០–៩): if the value must be a number, use NumberField, which reads both.
`,
      },
    },
  },
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
