import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from './ErrorState.js';

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      // A level-1 heading, as for a whole page: on the docs page each story gets a frame.
      story: { inline: false, height: '440px' },
      description: {
        component: `What stands where data or a page could not be shown: why in plain words (offline, not permitted, not found, the server failed), what the server said, "Try again" and a way home.

### When to use
- A section or a page whose data failed to load (\`offline\`, \`server\`, with \`onRetry\`).
- A page the user may not see (\`forbidden\`) or that does not exist (\`notFound\`), inside the app.
- \`compact\` with \`homeHref={null}\` for one failing section of a page that otherwise works.

### When to use something else
- A route that does not exist at all, outside the app: \`ErrorPage\`.
- Nothing to show yet, but nothing failed: \`EmptyState\`.
- A form's refused fields: \`ErrorSummary\` and the fields' own errors.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves to "Try again", then to the home link |
| Enter, Space | Retries / follows the link |

- Offline and server failures are \`role="alert"\`: announced when they appear. Forbidden and not-found are the page's content, not an alert.
- The title is a heading of \`headingLevel\` (2 by default; 1 when it stands for the whole page).
- The icon is decorative; the kind is said in words.

### Khmer content
- Titles and explanations are translated, in formal Khmer; \`detail\` shows the server's translated message.
- Text wraps with the Khmer line height; a \`path\` is shown as code, left to right.`,
      },
    },
  },
  args: { kind: 'server', headingLevel: 1 },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

const onRetry = fn();

/** The server failed: announced, with what it said, "Try again" and the way home. */
export const ServerError: Story = {
  args: { onRetry, detail: 'Server error - please try again later' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(within(alert).getByRole('heading', { level: 1 })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }));
    await expect(onRetry).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: /home page|ទំព័រដើម/ })).toHaveAttribute(
      'href',
      '/',
    );
  },
};

/** No connection: the same, with its own words. */
export const Offline: Story = {
  args: { kind: 'offline', onRetry },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(/internet|អ៊ីនធឺណិត/);
  },
};

/** Not permitted: the page's content, not an alert, with the way home only. */
export const Forbidden: Story = {
  args: { kind: 'forbidden' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      /Access not permitted|មិនមានសិទ្ធិចូលប្រើ/,
    );
  },
};

/** Not found, with the address asked for. */
export const NotFound: Story = {
  args: { kind: 'notFound', path: '/students/unknown' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('/students/unknown')).toBeVisible();
  },
};

/** A section of a working page that failed: compact, no icon, no way home. */
export const InASection: Story = {
  args: { kind: 'server', compact: true, headingLevel: 3, homeHref: null, onRetry },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};
