import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { stringsFor } from '../private/storyStrings.js';
import { LoadingBar } from './LoadingBar.js';

const meta = {
  title: 'Feedback/LoadingBar',
  tags: ['autodocs'],
  component: LoadingBar,
  args: { isLoading: true, throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400 },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A thin progress bar across the top of the page while a page or its data loads, driven by one boolean (\`isLoading\`, e.g. the router's navigation state). It shows only when a load lasts longer than \`throttle\` (no flicker on fast pages), creeps towards the end along an easing curve paced by \`duration\`, fills when the load ends and fades out. The app shell's **GlobalLoader** renders it for route changes.

**Also exported**

- \`useLoadingIndicator(isLoading, timings?)\` — the hook behind the bar: returns \`{ isVisible, progress }\` (0–100) for a loading indicator of your own.
- \`loadingBarTimings\` — the default timings (\`throttle\` 200, \`duration\` 2000, \`hideDelay\` 500, \`resetDelay\` 400 ms).
- \`estimatedProgress(elapsed, duration)\` — the easing curve: about 70 % at \`duration\`, never 100 % until the load ends.

### When to use

- Navigation between pages and the data a new page waits for.
- Any page-wide load that does not block the user.

### When to use something else

- A part of the page loading: **Skeleton** (known shape) or **Spinner**.
- The app starting or a full-screen wait: **GlobalLoader**.
- A button waiting for its action: the **Button**'s pending state.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction and never takes focus. |

- Role \`progressbar\` with \`aria-valuenow\` (0–100), named "Loading page" in the current language (or \`label\`). It is in the page only while it shows.
- It is fixed to the top edge and ignores the pointer (\`pointer-events: none\`), so it covers nothing the user can use.
- A progress bar is not a live region: screen readers are not interrupted by it. Announce the new page (its title or first heading) when the load ends; that is what tells screen-reader users the page changed.
- It is 3 px high and coloured by the theme's primary colour; it is supplementary, the loaded content is the real signal.

### Khmer content

- The bar shows no text; its accessible name is the library's "Loading page" string (កំពុងផ្ទុកទំព័រ in Khmer), or your \`label\` in the user's language.
- No numbers are shown; screen readers read the percentage from \`aria-valuenow\`.
`,
      },
    },
  },
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
