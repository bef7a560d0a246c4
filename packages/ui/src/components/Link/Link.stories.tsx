import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { Link, linkVariants } from './Link.js';

const meta = {
  title: 'Components/Link',
  component: Link,
  args: { href: '#attendance', children: 'Open attendance', variant: 'standalone' },
  argTypes: { variant: { control: 'inline-radio', options: linkVariants } },
  // Links navigate through the router (here a spy) instead of leaving the page.
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: { navigate: fn() },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Followed by Enter and by a click. */
export const Playground: Story = {
  play: async ({ canvasElement, parameters }) => {
    const navigate = parameters.navigate as Mock;
    const link = within(canvasElement).getByRole('link', { name: 'Open attendance' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenLastCalledWith('#attendance', undefined);
    await userEvent.click(link);
    await expect(navigate).toHaveBeenCalledTimes(2);
  },
};

/** Inside a sentence, underlined so it is not told apart by colour alone. */
export const Inline: Story = {
  render: (args) => (
    <Text>
      See the <Link {...args} variant="inline" /> page, or{' '}
      <Link href="#km" lang="km">
        វត្តមាន
      </Link>
      .
    </Text>
  ),
};

/** Every look. */
export const Variants: Story = {
  render: (args) => (
    <Stack align="start">
      {linkVariants.map((variant) => (
        <Link key={variant} {...args} variant={variant}>
          {variant}: ត្រឡប់ទៅទំព័រដើម
        </Link>
      ))}
    </Stack>
  ),
};
