import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { stringsFor } from '../private/storyStrings.js';
import { LoadingBar } from './LoadingBar.js';

const meta = {
  title: 'Feedback/LoadingBar',
  component: LoadingBar,
  args: { isLoading: true, throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400 },
} satisfies Meta<typeof LoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While `isLoading`, the bar shows after the throttle and creeps towards the end. */
export const Playground: Story = {
  play: async ({ globals }) => {
    const t = stringsFor(globals);
    const bar = await screen.findByRole('progressbar', { name: t('loading_page') });
    await expect(bar).toHaveAttribute('data-visible');
  },
  // The bar moves with the clock: its picture would differ from run to run.
  parameters: { screenshot: false },
};

/** A page load started and ended by a button, by pointer or keyboard. */
export const Navigation: Story = {
  render: (args) => {
    function Page() {
      const [loading, setLoading] = useState(false);
      return (
        <>
          <LoadingBar {...args} isLoading={loading} />
          <Button onPress={() => setLoading((on) => !on)}>
            {loading ? 'Finish loading' : 'Start loading'}
          </Button>
        </>
      );
    }
    return <Page />;
  },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start loading' }));
    const bar = await screen.findByRole('progressbar', { name: t('loading_page') });
    canvas.getByRole('button', { name: 'Finish loading' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 });
  },
};
