import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { NumberField } from './NumberField.js';

const meta = {
  title: 'Forms/NumberField',
  tags: ['autodocs'],
  component: NumberField,
  args: { label: 'Score', minValue: 0, maxValue: 10, step: 0.5, onChange: fn() },
  argTypes: { digits: { control: 'inline-radio', options: ['latn', 'khmr'] } },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A number input for scores, counts and amounts that reads both Latin (0–9) and Khmer (០–៩) digits, writes the number with the digits the user reads (\`digits\`, or SalaProvider's setting), and never throws on bad input: text that is not a number, or is outside \`minValue\`–\`maxValue\`, stays in the field with a translated message, and \`onChange\` is not called until the text is a valid number again (it is called with \`null\` when the field is emptied). ArrowUp/ArrowDown and the − / + buttons step it by \`step\`. The decimal point stays a point (8.25, ៨.២៥).

### When to use

- A score (\`minValue={0}\`, \`maxValue\` the subject's maximum, \`step={0.5}\`), a count of students, an amount.
- Dense grids of scores typed directly (\`hideStepper\`).

### When to use something else

- A phone number: **PhoneInput**; an identifier with digits (a student code): **TextField** — they are not quantities.
- A year: **YearPicker**; a month: **MonthPicker**; a time of day: **TimeField**.
- Choosing from a handful of numbers: **Select** or **SegmentedControl**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the input; the − and + buttons are skipped (the arrow keys do the same). |
| \`ArrowUp\` / \`ArrowDown\` | Adds or subtracts \`step\`, kept within \`minValue\`–\`maxValue\`. |
| typing | Edits the number; Latin and Khmer digits are both read. |

- Role \`spinbutton\` with \`aria-valuenow\`, \`aria-valuemin\`, \`aria-valuemax\` and \`aria-valuetext\` (the text as shown, so Khmer digits are read as written).
- The problem message ("Enter a number from 0 to 10" and the like, in the current language) is linked by \`aria-describedby\` and sets \`aria-invalid="true"\`; an \`errorMessage\` you pass replaces it.
- The − and + buttons are named "Decrease" and "Increase" in the current language, and disabled at the limits.
- \`inputMode="decimal"\` brings up the number keyboard on phones.
- It is not react-aria's NumberField (which cannot read Khmer digits); it follows the [spinbutton](https://www.w3.org/WAI/ARIA/apg/patterns/spinbutton/) pattern without \`Home\`/\`End\`/\`PageUp\`/\`PageDown\`.

### Khmer content

- Khmer digits ០–៩ are read as digits whatever \`digits\` says; \`digits="khmr"\` (or SalaProvider's \`digits="khmr"\`) also writes them: the field shows ៨.២៥ and \`onChange\` receives 8.25.
- A decimal comma, as some keyboards type it (8,25 or ៨,២៥), is read as 8.25; grouped thousands (1,234) are read too.
- Decimals are shown up to \`maximumFractionDigits\` (2) and without grouping, so 1234 is ១២៣៤, not ១,២៣៤.
- The messages use the same digits as the field ("from ០ to ១០") and wrap with the Khmer line height (1.8) under \`:lang(km)\`.
`,
      },
    },
  },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type a score, step it with the arrow keys or the buttons. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('spinbutton', { name: 'Score' });
    await userEvent.click(input);
    await userEvent.keyboard('8{ArrowUp}');
    await expect(input).toHaveValue('8.5');
    await expect(args.onChange).toHaveBeenLastCalledWith(8.5);
    await userEvent.click(
      canvas.getByRole('button', { name: storyStrings(canvasElement)('field.increase') }),
    );
    await expect(args.onChange).toHaveBeenLastCalledWith(9);
  },
};

/** Khmer digits are read and written; the decimal point of a score stays a point. */
export const KhmerDigits: Story = {
  args: { digits: 'khmr', defaultValue: 8.25, label: 'ពិន្ទុ' },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'ពិន្ទុ' });
    await expect(input).toHaveValue('៨.២៥');
    await userEvent.clear(input);
    await userEvent.type(input, '៧.៥');
    await expect(args.onChange).toHaveBeenLastCalledWith(7.5);
  },
};

/** Out of range: the text stays, with a translated message, and nothing is emitted. */
export const OutOfRange: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Score' });
    await userEvent.type(input, '12');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const message = storyStrings(canvasElement)('field.outOfRange', { min: '0', max: '10' });
    await expect(input).toHaveAccessibleDescription(message);
    await expect(args.onChange).not.toHaveBeenCalledWith(12);
  },
};

export const NotANumber: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Score' });
    await userEvent.type(input, 'ten');
    await expect(input).toHaveAccessibleDescription(
      storyStrings(canvasElement)('field.notANumber'),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 6 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('spinbutton', { name: 'Score' })).toBeDisabled();
  },
};
