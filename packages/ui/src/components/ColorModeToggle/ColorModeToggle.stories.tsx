import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { ColorModeProvider, useColorMode } from '../../colorMode/ColorModeProvider.js';
import { darkThemeClass, lightThemeClass } from '../../theme/themes.css.js';
import { vars } from '../../theme/contract.css.js';
import { Inline } from '../Inline/Inline.js';
import { stringsFor } from '../private/storyStrings.js';
import { Text } from '../Text/Text.js';
import { ColorModeToggle } from './ColorModeToggle.js';

/** A panel themed by its own colour mode, so the toggle can be tried inside Storybook. */
function Preview() {
  const { colorMode } = useColorMode();
  return (
    <div
      className={colorMode === 'dark' ? darkThemeClass : lightThemeClass}
      style={{ padding: 16, background: vars.color.background, borderRadius: 8 }}
    >
      <Inline gap="small">
        <ColorModeToggle />
        <Text>{colorMode === 'dark' ? 'Dark · ផ្ទៃងងឹត' : 'Light · ផ្ទៃភ្លឺ'}</Text>
      </Inline>
    </div>
  );
}

const meta = {
  title: 'Components/ColorModeToggle',
  component: ColorModeToggle,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `Switches between light and dark mode and remembers the choice. Its name and tooltip say the mode it switches to ("Switch to dark mode"). It is disabled while the page forces a mode.

### When to use
- In the app's header (the \`AppShell\` shows it by default) or a settings page.

### When to use something else
- A three-way choice that includes "system": a \`SegmentedControl\` over \`useColorMode()\`'s \`setPreference\`.
- Any other on/off setting: \`Switch\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to the toggle |
| Enter, Space | Switches the mode |

- An \`IconButton\` whose name is the action ("Switch to dark mode", translated); the tooltip shows the same words. The icon (moon or sun) is hidden.
- Disabled (and announced so) while the page forces a mode.
- Both modes meet 4.5:1 text contrast; the choice is stored and follows the device until the user picks one.

### Khmer content
- Its name and tooltip are translated (ប្ដូរទៅផ្ទៃងងឹត); the tooltip wraps with the Khmer line height.
- No numbers are shown.`,
      },
    },
  },
  // Its own provider: it must not change the page's mode or the stored preference.
  decorators: [
    (Story) => (
      <ColorModeProvider applyToDocument={false} persist={false} defaultPreference="light">
        <Story />
      </ColorModeProvider>
    ),
  ],
  render: () => <Preview />,
} satisfies Meta<typeof ColorModeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Named, and its tooltip says, the mode it switches to; by pointer and by keyboard. */
export const Playground: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: t('switch_to_dark_mode') });
    await userEvent.click(toggle);
    await expect(canvas.getByText('Dark · ផ្ទៃងងឹត')).toBeVisible();
    await expect(toggle).toHaveAccessibleName(t('switch_to_light_mode'));
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText('Light · ផ្ទៃភ្លឺ')).toBeVisible();
  },
};

/** The tooltip on keyboard focus. */
export const Tooltip: Story = {
  play: async ({ globals }) => {
    const t = stringsFor(globals);
    await userEvent.tab();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(t('switch_to_dark_mode'));
  },
};

/** A page that forces a mode disables the toggle. */
export const Forced: Story = {
  decorators: [
    (Story) => (
      <ColorModeProvider applyToDocument={false} persist={false} forcedColorMode="dark">
        <Story />
      </ColorModeProvider>
    ),
  ],
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await expect(
      within(canvasElement).getByRole('button', { name: t('switch_to_light_mode') }),
    ).toBeDisabled();
  },
};
