import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck, House, School } from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { NavItem } from '../NavItem/NavItem.js';
import { stringsFor } from '../private/storyStrings.js';
import { Sidebar } from './Sidebar.js';

const meta = {
  title: 'App shell/Sidebar',
  component: Sidebar,
  args: {
    children: (
      <>
        <NavItem href="/" icon={<House size={20} />}>
          ទំព័រដើម
        </NavItem>
        <NavItem href="/attendance" icon={<CalendarCheck size={20} />} isActive>
          វត្តមាន
        </NavItem>
        <NavItem href="/class" icon={<School size={20} />}>
          ថ្នាក់
        </NavItem>
      </>
    ),
  },
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <div style={{ width: 256 }}>
          <Story />
        </div>
      </RouterProvider>
    ),
  ],
  parameters: { navigate: fn() },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The current page is marked for screen readers; items are reached by Tab and pointer. */
export const Playground: Story = {
  play: async ({ canvasElement, globals, parameters }) => {
    const t = stringsFor(globals);
    const nav = within(canvasElement).getByRole('navigation', { name: t('main_navigation') });
    await expect(within(nav).getByRole('link', { name: 'វត្តមាន' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(parameters.navigate as Mock).toHaveBeenLastCalledWith('/', undefined);
    await userEvent.click(within(nav).getByRole('link', { name: 'ថ្នាក់' }));
    await expect(parameters.navigate as Mock).toHaveBeenLastCalledWith('/class', undefined);
  },
};
