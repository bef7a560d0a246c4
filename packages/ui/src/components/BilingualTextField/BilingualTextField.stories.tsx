import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { BilingualTextField } from './BilingualTextField.js';

const meta = {
  title: 'Forms/BilingualTextField',
  component: BilingualTextField,
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
