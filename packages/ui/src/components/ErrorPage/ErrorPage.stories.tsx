import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { stringsFor } from '../private/storyStrings.js';
import { ErrorPage } from './ErrorPage.js';

const meta = {
  title: 'Pages/ErrorPage',
  component: ErrorPage,
  args: { status: 500 },
  // Links navigate through the router (here a spy) instead of leaving the page.
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: { layout: 'fullscreen', navigate: fn() },
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
