import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck } from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { Badge } from '../Badge/Badge.js';
import { Sidebar } from '../Sidebar/Sidebar.js';
import { NavItem } from './NavItem.js';

const meta = {
  title: 'App shell/NavItem',
  component: NavItem,
  args: { href: '/attendance', icon: <CalendarCheck size={20} />, children: 'Attendance' },
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <div style={{ width: 256 }}>
          <Sidebar>
            <Story />
          </Sidebar>
        </div>
      </RouterProvider>
    ),
  ],
  parameters: { navigate: fn() },
} satisfies Meta<typeof NavItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Followed with Enter or a click. */
export const Playground: Story = {
  play: async ({ canvasElement, parameters }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Attendance' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(link);
    await expect(parameters.navigate as Mock).toHaveBeenCalledTimes(2);
  },
};

/** The current page. */
export const Active: Story = {
  args: { isActive: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toHaveAttribute('aria-current', 'page');
  },
};

/** With a count after the name. */
export const WithBadge: Story = { args: { badge: <Badge tone="warning">3</Badge> } };
