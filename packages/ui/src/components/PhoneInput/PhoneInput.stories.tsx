import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { PhoneInput } from './PhoneInput.js';

const meta = {
  title: 'Forms/PhoneInput',
  tags: ['autodocs'],
  component: PhoneInput,
  args: { label: 'Guardian phone', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A phone number with its country — Cambodia by default; the United States, Canada, the United Kingdom and Australia too. It formats the number as it is typed (\`097 123 4567\`), reads Khmer digits, and gives \`onChange\` the number in E.164 (\`+855971234567\`) for storage, or \`null\` while it is empty or not (yet) a valid number, with the parse result as the second argument saying why. A wrong number is explained in a translated message once the field is left, and kept as typed — never silently changed. A number typed with its own \`+\` code moves the country picker to that country when the field is left. Numbers are checked with libphonenumber-js.

### When to use

- A guardian's, a teacher's or a school's phone number.

### When to use something else

- A number that is not a phone number (a student code): **TextField**; a quantity: **NumberField**.
- A username that may be a phone number or an email: **TextField** (as on the sign-in page).

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the country button, then to the number. |
| \`Enter\` / \`Space\` / \`ArrowDown\` / \`ArrowUp\` | On the country button, opens the list of countries. |
| \`ArrowDown\` / \`ArrowUp\`, a letter | In the list, moves between countries (typeahead by country name). |
| \`Enter\` / \`Space\` | Chooses the focused country and closes the list. |
| \`Escape\` | Closes the list without changing the country. |
| typing | Edits the number; it is formatted as you type. |

- The number is a \`textbox\` (\`type="tel"\`, \`inputMode="tel"\`, \`autoComplete="tel-national"\`) named by the label; the country button is named "Country" and its value (+855); the list is a \`listbox\` of country names.
- The problem message ("This phone number is too short" and the like, in the current language) is linked by \`aria-describedby\` and sets \`aria-invalid="true"\`; it appears only after the field is left, so people are not told off while typing. An \`errorMessage\` you pass replaces it.
- APG pattern for the country list: [Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/).

### Khmer content

- Khmer digits (០១២៣៤៥៦៧៨) are read as digits, so a Khmer keyboard works; the field then shows the number formatted with Latin digits (the form phones dial and \`tel:\` links use). \`onChange\` always receives Latin E.164.
- Country names and messages are the library's strings in the current language (កម្ពុជា…), overridable through SalaProvider's \`strings\`.
- Label, description and error wrap with the Khmer line height (1.8) under \`lang="km"\`; the input inherits its line height and has no fixed height.
`,
      },
    },
  },
} satisfies Meta<typeof PhoneInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type a Cambodian number: it is formatted as you type and emitted as E.164. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Guardian phone' });
    await userEvent.type(input, '097 1234567');
    await expect(input).toHaveValue('097 123 4567');
    await expect(args.onChange).toHaveBeenLastCalledWith('+855971234567', expect.anything());
  },
};

/** Choose another country with the keyboard, then type its number. */
export const OtherCountry: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: new RegExp(t('phone.country')) }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(
      await screen.findByRole('option', { name: new RegExp(t('phone.country.GB')) }),
    );
    await userEvent.type(canvas.getByRole('textbox', { name: 'Guardian phone' }), '07400123456');
    await expect(args.onChange).toHaveBeenLastCalledWith('+447400123456', expect.anything());
  },
};

/** Khmer digits are read as digits. */
export const KhmerDigits: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Guardian phone' });
    await userEvent.type(input, '០១២៣៤៥៦៧៨');
    await expect(args.onChange).toHaveBeenLastCalledWith('+85512345678', expect.anything());
  },
};

/** A wrong number is explained once the field is left, and kept as typed. */
export const WrongNumber: Story = {
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const input = within(canvasElement).getByRole('textbox', { name: 'Guardian phone' });
    await userEvent.type(input, '01234');
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(t('phone.problem.too-short'));
  },
};

export const StoredNumber: Story = {
  args: { defaultValue: '+61412345678' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Guardian phone' }),
    ).toHaveValue('0412 345 678');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '+85512345678' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Guardian phone' }),
    ).toBeDisabled();
  },
};
