import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { UiLocale } from '../../provider/locales.js';
import { stringsFor } from '../private/storyStrings.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

const meta = {
  title: 'Components/LanguageSwitcher',
  component: LanguageSwitcher,
  args: { value: 'en', onChange: fn(), compact: false },
  render: function Render(args) {
    const [value, setValue] = useState<UiLocale>(args.value);
    return (
      <LanguageSwitcher
        {...args}
        value={value}
        onChange={(locale) => {
          setValue(locale);
          args.onChange(locale);
        }}
      />
    );
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof LanguageSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each language in its own script; the current one is checked; pointer and keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `${t('language')}: English` }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toBeChecked();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'ខ្មែរ' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('km');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const trigger = canvas.getByRole('button', { name: `${t('language')}: ខ្មែរ` });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('E');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('en');
  },
};

/** Icon only, for a narrow header; the name stays in its accessible label. */
export const Compact: Story = {
  args: { compact: true, value: 'km' },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('button', { name: `${t('language')}: ខ្មែរ` }),
      ).toBeVisible(),
    );
  },
};
