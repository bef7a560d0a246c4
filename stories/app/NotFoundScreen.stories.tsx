import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import NotFoundPage from '../../packages/app/src/pages/not-found/NotFoundPage.js';
import { AppFrame } from './AppFrame.js';

function NotFoundScreen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      path="/no/such/page"
      routes={[{ path: '*', element: <NotFoundPage /> }]}
    />
  );
}

const meta = {
  title: 'App/Page not found',
  component: NotFoundScreen,
  args: { locale: 'en' },
  parameters: { layout: 'fullscreen' },
  render: (_, { globals }) => <NotFoundScreen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An unknown path: 'Page not found' and the path, with a way home. */
export const UnknownPath: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findAllByText(/Page not found|រកមិនឃើញទំព័រ/))[0]).toBeVisible();
    await expect(canvas.getByText(/\/no\/such\/page/)).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: /Go to the home page|ត្រឡប់ទៅទំព័រដើម/ }),
    ).toHaveAttribute('href', '/');
  },
};
