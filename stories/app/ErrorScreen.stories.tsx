import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RouteError } from '../../packages/app/src/frame/RouteError.js';
import { AppFrame } from './AppFrame.js';

function Broken(): never {
  throw new Error('The page failed to render');
}

function ErrorScreen({ locale, status }: { locale: 'en' | 'km'; status: number | null }) {
  return (
    <AppFrame
      locale={locale}
      path="/studentReport"
      routes={[
        {
          path: '/studentReport',
          element: <Broken />,
          errorElement: <RouteError />,
          ...(status
            ? {
                loader: () => {
                  throw new Response('', { status });
                },
              }
            : {}),
        },
      ]}
    />
  );
}

const meta = {
  title: 'App/Error',
  component: ErrorScreen,
  args: { locale: 'en', status: null },
  parameters: { layout: 'fullscreen' },
  render: (args, { globals }) => (
    <ErrorScreen locale={globals.locale === 'km' ? 'km' : 'en'} status={args.status} />
  ),
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A page that fails while rendering: the full-page error screen with a way home. */
export const PageFailed: Story = {
  // React reports the error its boundary caught, and React Router names it: both on purpose.
  parameters: { expectedConsoleErrors: ['The page failed to render'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.getByText(/^(Error|កំហុស) (500|៥០០)$/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /Go Home|ត្រឡប់ទៅទំព័រដើម/ })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(canvas.queryByText('The page failed to render')).toBeNull();
  },
};

/** A page the server says is forbidden (403): the status and the same way home. */
export const Forbidden: Story = {
  args: { status: 403 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^(Error|កំហុស) (403|៤០៣)$/)).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /Go Home|ត្រឡប់ទៅទំព័រដើម/ })).toBeInTheDocument();
  },
};
