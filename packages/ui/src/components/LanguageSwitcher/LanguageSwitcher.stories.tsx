import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { UiLocale } from '../../provider/locales.js';
import { stringsFor } from '../private/storyStrings.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';

const meta = {
  title: 'Components/LanguageSwitcher',
  tags: ['autodocs'],
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
  parameters: {
    layout: 'centered',
    status: 'stable',
    docs: {
      description: {
        component: `
Chooses the interface language: English or ខ្មែរ, each named in its own script, as people look for their own language. A **Menu** with a single choice opens from a ghost button that shows the language in use (icon only with \`compact\`). It does not change the language itself: \`onChange\` receives the chosen locale and the host app switches (its i18n, its cookie, SalaProvider's \`locale\`).

### When to use

- In the app's header and on the sign-in page, so anyone can switch before reading further.

### When to use something else

- A language as a value of a form (a student's mother tongue): **Select** or **RadioGroup** with a label.
- The colour mode: **ColorModeToggle**; number digits: a setting passed to SalaProvider's \`digits\`.

### Accessibility

| Key | Action |
| --- | --- |
| \`Enter\` / \`Space\` / \`ArrowDown\` | On the button, opens the menu with focus on the language in use. |
| \`ArrowDown\` / \`ArrowUp\` | Moves between the languages, wrapping at the ends. |
| a letter | Moves to the language whose name starts with it (\`E\` for English). |
| \`Enter\` | Chooses the focused language and closes the menu. |
| \`Space\` | Chooses the focused language and keeps the menu open. |
| \`Escape\` | Closes the menu and returns focus to the button. |

- The button is named "Language: English" (in the current language), also when \`compact\` hides the name.
- The menu is named "Language"; each language is a \`menuitemradio\`, the current one checked, and carries its own \`lang\`, so screen readers say "ខ្មែរ" with a Khmer voice.
- APG pattern: [Menu Button](https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).

### Khmer content

- ខ្មែរ is always written in Khmer script, with \`lang="km"\`, so it gets the Khmer font (Noto Sans Khmer) and line height (1.8) even on an English page.
- The button's word "Language" is the library's string (ភាសា in Khmer), overridable through SalaProvider's \`strings\`.
- No numbers are shown.
`,
      },
    },
  },
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
    await expect(await within(menu).findByRole('menuitemradio', { name: 'English' })).toBeChecked();
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
