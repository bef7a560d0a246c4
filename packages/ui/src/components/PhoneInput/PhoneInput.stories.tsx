import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { PhoneInput } from './PhoneInput.js';

const meta = {
  title: 'Forms/PhoneInput',
  component: PhoneInput,
  args: { label: 'Guardian phone', onChange: fn() },
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
