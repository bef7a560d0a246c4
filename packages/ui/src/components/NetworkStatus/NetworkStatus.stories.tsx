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
  component: NetworkStatus,
  render: () => <Simulator />,
  globals: { viewport: { value: 'phone', isRotated: false } },
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
