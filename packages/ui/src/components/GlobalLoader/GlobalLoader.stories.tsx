import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { stringsFor } from '../private/storyStrings.js';
import { GlobalLoader } from './GlobalLoader.js';

const meta = {
  title: 'Feedback/GlobalLoader',
  component: GlobalLoader,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      // The overlay covers the whole page: on the docs page each story gets a frame of its own.
      story: { inline: false, height: '360px' },
      description: {
        component: `A full-page overlay with a spinner and "Loading..." for work the user must wait for (saving a whole class's scores). It is modal: it takes the focus, hides the page from screen readers and cannot be dismissed.

### When to use
- Rarely: only for work that must finish before anything else may be done, lasting more than a second.

### When to use something else
- Loading a page or a section: \`Skeleton\`, or \`LoadingBar\` for navigation.
- An action's own progress: \`Button\` with \`isPending\`.
- Progress inside a part of the page: \`Spinner\`.

### Accessibility
- While shown, no key or pointer reaches the page; Escape does nothing.
- A modal \`dialog\` named by its label; the label is announced when it appears.
- The spinner's motion slows down under reduced motion; the words say what happens.

### Khmer content
- "Loading..." is translated (កំពុងផ្ទុក...); a custom \`label\` should be in the interface language.
- The label wraps under the spinner with the Khmer line height.`,
      },
    },
  },
  args: { isLoading: true },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof GlobalLoader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Over the page, named "Loading..." in the current language, with focus inside it. */
export const Playground: Story = {
  render: (args) => (
    <>
      <Button>Save scores</Button>
      <GlobalLoader {...args} />
    </>
  ),
  play: async ({ globals }) => {
    const t = stringsFor(globals);
    const loader = await screen.findByRole('dialog', { name: t('loading') });
    await waitFor(() => expect(within(loader).getByText(t('loading'))).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await expect(loader).toBeInTheDocument();
  },
};

/** While it shows, neither a click nor Tab reaches the page; it goes when the work ends. */
export const BlocksThePage: Story = {
  render: () => {
    function Saving() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <Button
            onPress={() => {
              setLoading(true);
              setTimeout(() => setLoading(false), 600);
            }}
          >
            Save scores
          </Button>
          <GlobalLoader isLoading={loading} />
        </>
      );
    }
    return <Saving />;
  },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const save = within(canvasElement).getByRole('button', { name: 'Save scores' });
    save.focus();
    await userEvent.keyboard('{Enter}');
    const loader = await screen.findByRole('dialog', { name: t('loading') });
    await userEvent.tab();
    await expect(loader.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await expect(loader).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    await userEvent.click(save);
    await screen.findByRole('dialog', { name: t('loading') });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  },
};

/** A label that says what is happening. */
export const CustomLabel: Story = {
  args: { label: 'Saving scores… · កំពុងរក្សាទុកពិន្ទុ…' },
  play: async () => {
    await waitFor(async () =>
      expect(await screen.findByText('Saving scores… · កំពុងរក្សាទុកពិន្ទុ…')).toBeVisible(),
    );
  },
};
