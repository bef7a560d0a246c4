import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { NumberField } from './NumberField.js';

const meta = {
  title: 'Forms/NumberField',
  component: NumberField,
  args: { label: 'Score', minValue: 0, maxValue: 10, step: 0.5, onChange: fn() },
  argTypes: { digits: { control: 'inline-radio', options: ['latn', 'khmr'] } },
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
