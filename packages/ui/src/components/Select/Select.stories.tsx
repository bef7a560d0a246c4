import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './Select.js';

const subjects = [
  { id: 'khmer', label: 'ភាសាខ្មែរ · Khmer' },
  { id: 'math', label: 'គណិតវិទ្យា · Mathematics' },
  { id: 'physics', label: 'រូបវិទ្យា · Physics' },
  { id: 'history', label: 'ប្រវត្តិវិទ្យា · History', isDisabled: true },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Subject', options: subjects, onChange: fn() },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choose with the pointer, then change it with the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Subject/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Mathematics/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('math');
    canvas.getByRole('button', { name: /Subject/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('physics');
  },
};

export const Chosen: Story = {
  args: { defaultValue: 'khmer' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /ភាសាខ្មែរ/ }),
    ).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose a subject', isRequired: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose a subject')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Subject/ })).toBeDisabled();
  },
};
