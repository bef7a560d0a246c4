import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Inline } from '../Inline/Inline.js';
import { stringsFor } from '../private/storyStrings.js';
import { NetworkStatus } from './NetworkStatus.js';

/** Fires the browser's offline/online events, as losing and finding the network does. */
function Simulator() {
  return (
    <Inline>
      <NetworkStatus />
      <Button variant="secondary" onPress={() => window.dispatchEvent(new Event('offline'))}>
        Go offline
      </Button>
      <Button onPress={() => window.dispatchEvent(new Event('online'))}>Go online</Button>
    </Inline>
  );
}

const meta = {
  title: 'Feedback/NetworkStatus',
  tags: ['autodocs'],
  component: NetworkStatus,
  render: () => <Simulator />,
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Watches the browser's online state and tells the user when the connection goes and comes back: offline, a persistent error toast "Waiting for internet connection..."; back online, that toast closes and "Internet connection restored" shows for 6 s (\`NETWORK_RESTORED_TIMEOUT\`). It renders nothing itself and has no props: render it once, inside SalaProvider (whose toast region shows the messages), usually in the app shell.

### When to use

- Once per app, so that a teacher on a phone with a weak connection knows why saving fails and when to try again.

### When to use something else

- A request that failed for another reason: show it where it happened (**ErrorState**, a field's \`errorMessage\`) or with a **Toast** (\`useToast().error(...)\`).
- A page that could not load: **ErrorPage**.
- Do not render a second NetworkStatus: one per app is enough, and two would show each message twice.

### Accessibility

| Key | Action |
| --- | --- |
| \`F6\` | Moves focus to the notifications region (react-aria's landmark navigation), as for every toast. |
| \`Tab\` | From the end of the page, reaches the toast and then its close button. |
| \`Enter\` / \`Space\` | On the close button, closes the toast. |

- The messages are toasts (role \`alertdialog\` in a \`region\` named "Notifications"): screen readers announce them when they appear, without moving focus.
- The offline toast stays until the connection returns or the user closes it; the message is in words and the toast is marked error by icon and colour.
- See **Toast** for the region's behaviour.

### Khmer content

- The two messages are the library's strings in the current language: កំពុងរង់ចាំការតភ្ជាប់អ៊ីនធឺណិត... and ការតភ្ជាប់អ៊ីនធឺណិតបានស្ដារឡើងវិញ; override them with SalaProvider's \`strings\`. A language change while offline keeps the toast already shown; the next message is in the new language.
- The toasts wrap long Khmer text (\`overflow-wrap: anywhere\`) with the Khmer line height (1.8), so the message is never clipped on a 360 px phone.
- No numbers are shown.
`,
      },
    },
  },
} satisfies Meta<typeof NetworkStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: an error toast that stays. Online again: it goes and a success toast shows. */
export const Playground: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Go offline' }));
    const waiting = await screen.findByRole('alertdialog', {
      name: t('waiting_internet_connection'),
    });
    await expect(waiting).toHaveAttribute('data-type', 'error');
    canvas.getByRole('button', { name: 'Go online' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(waiting).not.toBeInTheDocument());
    await expect(
      await screen.findByRole('alertdialog', { name: t('restore_internet_connection') }),
    ).toHaveAttribute('data-type', 'success');
  },
};

/** The offline notice on its own. */
export const Offline: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Go offline' }));
    await expect(
      await screen.findByRole('alertdialog', { name: t('waiting_internet_connection') }),
    ).toBeVisible();
  },
};
