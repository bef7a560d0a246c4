import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { BilingualTextField } from './BilingualTextField.js';

const meta = {
  title: 'Forms/BilingualTextField',
  component: BilingualTextField,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `One name in Khmer and in English — students, classes and subjects are kept in both: two inputs side by side (stacked on phones) under one label. Each input is named by the field and its language.

### When to use
- Any record name the product keeps in both languages (\`{ km, en }\`, as the contract's \`BilingualText\`).

### When to use something else
- Text kept in one language only: \`TextField\`; long text: \`TextArea\`.
- A name chosen from existing records: \`ComboBox\` or \`Select\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab, Shift+Tab | Move between the Khmer and the English input |

- A \`group\` named by the label; each input's name is the label plus its language ("Student name Khmer"), so a screen reader says which one it is in.
- \`requiredLanguages\` marks those inputs required; \`languageErrors\` shows an error under one input and links it with \`aria-describedby\`; \`errorMessage\` and \`description\` describe the whole group.
- Each input carries \`lang\` (\`km\`, \`en\`), so the keyboard layout hint and the pronunciation follow.
- Inputs are named \`\${name}.km\` and \`\${name}.en\` (or \`names\`), the paths of zod's errors.

### Khmer content
- The Khmer input comes first and gets the Khmer line height; typed Khmer is never clipped at the top or bottom.
- Khmer has no spaces between words: a long name scrolls inside the input; nothing is truncated in the value.
- Numbers typed are kept as typed (Khmer or Latin digits); convert with \`fromKhmerDigits\` where a number is meant.`,
      },
    },
  },
  args: { label: 'Student name', onChange: fn(), requiredLanguages: ['km'] },
} satisfies Meta<typeof BilingualTextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Type the Khmer name, Tab to the English one. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    const km = canvas.getByRole('textbox', { name: `Student name ${t('bilingual.km')}` });
    await userEvent.click(km);
    await userEvent.keyboard('សុខ ដារា');
    await userEvent.tab();
    await userEvent.keyboard('Sok Dara');
    await expect(args.onChange).toHaveBeenLastCalledWith({ km: 'សុខ ដារា', en: 'Sok Dara' });
  },
};

export const Filled: Story = {
  args: { defaultValue: { km: 'ថ្នាក់ទី៧ក', en: 'Grade 7A' }, label: 'Class name' },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('textbox', { name: `Class name ${t('bilingual.en')}` }),
    ).toHaveValue('Grade 7A');
  },
};

export const LanguageError: Story = {
  args: { languageErrors: { km: 'Enter the name in Khmer' } },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('textbox', { name: `Student name ${t('bilingual.km')}` }),
    ).toHaveAccessibleDescription('Enter the name in Khmer');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: { km: 'គណិតវិទ្យា', en: 'Mathematics' } },
  play: async ({ canvasElement }) => {
    for (const box of within(canvasElement).getAllByRole('textbox'))
      await expect(box).toBeDisabled();
  },
};
