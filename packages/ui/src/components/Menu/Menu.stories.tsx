import type { Meta, StoryObj } from '@storybook/react-vite';
import { LogOut, Pencil, Trash2, UserRound } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Menu, MenuItem, MenuSeparator } from './Menu.js';

const meta = {
  title: 'Overlays/Menu',
  component: Menu,
  args: {
    onAction: fn(),
    trigger: <Button variant="secondary">Actions</Button>,
    children: null,
  },
  render: (args) => (
    <Menu {...args}>
      <MenuItem id="edit" icon={<Pencil size={18} />}>
        Edit student
      </MenuItem>
      <MenuItem id="profile" icon={<UserRound size={18} />}>
        View profile
      </MenuItem>
      <MenuSeparator />
      <MenuItem id="delete" icon={<Trash2 size={18} />} isDanger>
        Delete student
      </MenuItem>
    </Menu>
  ),
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens by pointer and by keyboard; arrows move, Enter chooses, Escape closes. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'View profile' }));
    await expect(args.onAction).toHaveBeenLastCalledWith('profile');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onAction).toHaveBeenLastCalledWith('profile');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Open, for review. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions' }));
    await waitFor(async () => expect(await screen.findByRole('menu')).toBeVisible());
  },
};

/** A user menu from an icon button, with Khmer items. */
export const UserMenu: Story = {
  args: {
    trigger: <IconButton label="Sok Dara" icon={<UserRound size={20} />} variant="secondary" />,
  },
  render: (args) => (
    <Menu {...args}>
      <MenuItem id="profile" icon={<UserRound size={18} />}>
        ប្រវត្តិរូប
      </MenuItem>
      <MenuItem id="logout" icon={<LogOut size={18} />} isDanger>
        ចាកចេញ
      </MenuItem>
    </Menu>
  ),
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sok Dara' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'ចាកចេញ' }));
    await expect(args.onAction).toHaveBeenCalledWith('logout');
  },
};
