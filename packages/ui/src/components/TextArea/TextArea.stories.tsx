import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './TextArea.js';

const meta = {
  title: 'Forms/TextArea',
  component: TextArea,
  args: { label: 'Comment', onChange: fn() },
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
