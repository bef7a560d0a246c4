import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea.js';

const meta = {
  title: 'Forms/TextArea',
  tags: ['autodocs'],
  component: TextArea,
  args: { label: 'Comment', onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A labelled multi-line text input — a teacher's comment on a report card, the reason for a leave request. Like **TextField** it wires its \`label\`, \`description\` and \`errorMessage\` to the control for screen readers; \`rows\` sets how many lines show before it scrolls (4 by default).

### When to use

- Free text that may run to more than one line or sentence.

### When to use something else

- One line: **TextField**.
- The same text in Khmer and in English: **BilingualTextField**.
- A choice between known answers: **RadioGroup**, **Select** or **CheckboxGroup**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus into the text area (not when disabled). |
| \`Enter\` | Starts a new line (it does not submit the form). |
| typing | Edits the text; each change calls \`onChange\` with the whole value. |

- Role \`textbox\` (multi-line), named by its \`<label>\`; the description and the error are linked by \`aria-describedby\`, and an error sets \`aria-invalid="true"\`.
- A disabled text area leaves the tab order; \`isReadOnly\` keeps it focusable and readable.

### Khmer content

- The text area inherits the line height of its language: under \`lang="km"\` (the page or an ancestor) it is the Khmer 1.8, so \`rows={4}\` shows four full Khmer lines, stacked consonants included. It has a minimum height (88 px) and no fixed one, and users can make it taller (it resizes vertically).
- Khmer is written without spaces between words; the text wraps at the word boundaries the browser finds, and a word too long for the line breaks rather than overflowing.
- The font is the theme's (Noto Sans Khmer); label, description and error wrap with the Khmer line height.
`,
      },
    },
  },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Typing (with Enter for new lines) reports every change. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await userEvent.click(box);
    await userEvent.keyboard('Works hard{Enter}Helps others');
    await expect(box).toHaveValue('Works hard\nHelps others');
    await expect(args.onChange).toHaveBeenLastCalledWith('Works hard\nHelps others');
  },
};

export const KhmerText: Story = {
  args: {
    label: 'មតិយោបល់របស់គ្រូបន្ទុកថ្នាក់',
    defaultValue: 'សិស្សឧស្សាហ៍ព្យាយាម និងជួយមិត្តភក្ដិ។',
    description: 'បង្ហាញនៅលើព្រឹត្តិបត្រពិន្ទុ',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox');
    await expect(box).toHaveAccessibleDescription('បង្ហាញនៅលើព្រឹត្តិបត្រពិន្ទុ');
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Please write a comment', isRequired: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Please write a comment');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'Locked after publishing' },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Comment' });
    await expect(box).toBeDisabled();
    await userEvent.tab();
    await expect(box).not.toHaveFocus();
  },
};
