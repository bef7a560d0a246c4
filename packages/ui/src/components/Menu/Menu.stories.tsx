import type { Meta, StoryObj } from '@storybook/react-vite';
import { LogOut, Pencil, Trash2, UserRound } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Menu, MenuItem, MenuSeparator } from './Menu.js';

const meta = {
  title: 'Overlays/Menu',
  tags: ['autodocs'],
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
  parameters: {
    layout: 'centered',
    status: 'beta',
    docs: {
      description: {
        component: `
A list of actions that opens from a button: "Edit student", "View profile", "Delete student". \`Menu\` takes the \`trigger\` (a **Button** or **IconButton**) and its items as children; it opens in a popover under the trigger (\`placement\`, \`bottom end\` by default) and calls \`onAction\` with the chosen item's id. With \`selectionMode="single"\` the items become a choice with a check mark (language, sort order), driven by \`selectedKeys\` and \`onSelectionChange\`. Items with an \`href\` are links and navigate through SalaProvider's router. Beta: the API for rendering a router's own link element is being reworked.

**Parts**

- \`Menu\` — the trigger, the popover and the list (props below).
- \`MenuItem\` — one action: \`id\` (passed to \`onAction\`), \`children\` (its text), \`icon\` (before the text, decorative), \`isDanger\` (a destructive action, in red), and react-aria MenuItem's props (\`href\`, \`isDisabled\`, \`textValue\` for typeahead when the children are not plain text, \`onAction\`).
- \`MenuSeparator\` — a line between groups of items; no props.

### When to use

- Secondary actions on one thing (a student, a row) that would crowd the page as buttons.
- A user menu (profile, sign out) from an avatar or icon button.
- A small choice that takes effect at once (language: see **LanguageSwitcher**).

### When to use something else

- One or two actions: show them as **Button**s.
- A value in a form: **Select** (it has a label and takes part in the form).
- The app's modules or pages: **AppMenu**, **Sidebar** with **NavItem**s.
- A confirmation before a destructive item runs: call **ConfirmDialog** (\`useConfirm()\`) from \`onAction\`.

### Accessibility

| Key | Action |
| --- | --- |
| \`Enter\` / \`Space\` / \`ArrowDown\` | On the trigger, opens the menu and focuses the first item (the chosen one in a single-choice menu). |
| \`ArrowUp\` | On the trigger, opens the menu and focuses the last item (the chosen one in a single-choice menu). |
| \`ArrowDown\` / \`ArrowUp\` | Moves to the next or previous item, wrapping at the ends; disabled items are skipped. |
| \`Home\` / \`End\` | Moves to the first or last item. |
| a letter | Moves to the next item whose text starts with it (typeahead). |
| \`Enter\` | Runs the focused item and closes the menu. |
| \`Space\` | Runs the focused item; it closes the menu when \`selectionMode\` is \`none\`, and keeps it open in a single-choice menu. |
| \`Escape\` | Closes the menu and returns focus to the trigger. |

- The trigger gets \`aria-haspopup\` and \`aria-expanded\`; the list is a \`menu\` of \`menuitem\`s (\`menuitemradio\` with \`selectionMode="single"\`, announced as checked or not). Focus returns to the trigger when the menu closes.
- The menu's name is \`aria-label\`, or else the trigger's label. Give an icon-only trigger a label (IconButton's \`label\`).
- Icons are hidden from screen readers; a danger item must say what it does in words ("Delete student"), the red is extra.
- APG pattern: [Menu Button](https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/).

### Khmer content

- Items take the Khmer line height (1.8) where they are Khmer (\`:lang(km)\`) and are at least 44 px high, so two-line Khmer items are not clipped.
- Typeahead matches the item's text, in Khmer too; set \`textValue\` when the children are not plain text.
- Write numbers in items with the user's digits (\`formatNumber(n, { digits })\`).
- The font is the theme's (Noto Sans Khmer for Khmer).
`,
      },
    },
  },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens by pointer and by keyboard; arrows move, Enter chooses, Escape closes. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await userEvent.click(await within(menu).findByRole('menuitem', { name: 'View profile' }));
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
