import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { stringsFor } from '../private/storyStrings.js';
import { ErrorPage } from './ErrorPage.js';

const meta = {
  title: 'Pages/ErrorPage',
  component: ErrorPage,
  tags: ['autodocs'],
  args: { status: 500 },
  // Links navigate through the router (here a spy) instead of leaving the page.
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: {
    status: 'beta',
    docs: {
      // A whole page (landmarks, a level-1 heading): on the docs page each story gets a frame.
      story: { inline: false, height: '560px' },
      description: {
        component: `The full-page error screen: the status code, "Ooops.", the message, a reassurance and a "Go Home..." button. Status 404 is the not-found page, with the path that was not found.

### When to use
- A route that does not exist (404), or a page that cannot be shown at all (500, 503), outside or inside the app shell.

### When to use something else
- A part of a page failed, or the page's data could not load: \`ErrorState\` (it offers "Try again").
- A form's errors: \`ErrorSummary\`.
- A passing failure after an action: \`Toast\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves to "Go Home..." |
| Enter | Follows it |

- A \`main\` landmark with a level-1 heading; the big status code is hidden and read as "Error 500" (translated) instead.
- The home link goes through react-aria's router when the app sets one.

### Khmer content
- Every string is translated; the status code stays in Latin digits, as the HTTP code it is.
- The path is shown as code, left to right, whatever the language.
- Large headings use the tight Latin line height only for Latin text; Khmer gets the Khmer one.`,
      },
    },
    layout: 'fullscreen',
    navigate: fn(),
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The "Go Home..." button is a link, reached by Tab and followed with Enter or a click. */
export const Playground: Story = {
  play: async ({ canvasElement, globals, parameters }) => {
    const t = stringsFor(globals);
    const navigate = parameters.navigate as Mock;
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: t('error_title') })).toBeVisible();
    const home = canvas.getByRole('link', { name: t('go_home') });
    await userEvent.tab();
    await expect(home).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenLastCalledWith('/', undefined);
    await userEvent.click(home);
    await expect(navigate).toHaveBeenCalledTimes(2);
  },
};

/** 404: "Page not found" and the path that was asked for. */
export const NotFound: Story = {
  args: { status: 404, path: '/studentReport/2025' },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('page_not_found'), { exact: false })).toBeVisible();
    await expect(canvas.getByText('/studentReport/2025')).toBeVisible();
  },
};

/** A server error with its translated message. */
export const WithMessage: Story = {
  args: { status: 503, message: 'The server is being updated. · ម៉ាស៊ីនមេកំពុងធ្វើបច្ចុប្បន្នភាព។' },
};
