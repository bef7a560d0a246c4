import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  BookOpen,
  CalendarCheck,
  ClipboardList,
  House,
  LogOut,
  School,
  UserRound,
  Users,
} from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, screen, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { Badge } from '../Badge/Badge.js';
import { Card } from '../Card/Card.js';
import { Heading } from '../Heading/Heading.js';
import { IconButton } from '../IconButton/IconButton.js';
import { Menu, MenuItem } from '../Menu/Menu.js';
import { NavItem } from '../NavItem/NavItem.js';
import { stringsFor } from '../private/storyStrings.js';
import { Sidebar } from '../Sidebar/Sidebar.js';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { AppShell } from './AppShell.js';

const navigation = (
  <Sidebar>
    <NavItem href="/" icon={<House size={20} />} isActive>
      Home
    </NavItem>
    <NavItem
      href="/attendance"
      icon={<CalendarCheck size={20} />}
      badge={<Badge tone="warning">3</Badge>}
    >
      Attendance
    </NavItem>
    <NavItem href="/class" icon={<School size={20} />}>
      Classes
    </NavItem>
    <NavItem href="/studentScoringEntry" icon={<ClipboardList size={20} />}>
      Scores
    </NavItem>
    <NavItem href="/teaching" icon={<BookOpen size={20} />}>
      Teaching
    </NavItem>
    <NavItem href="/users" icon={<Users size={20} />}>
      Users
    </NavItem>
  </Sidebar>
);

const meta = {
  title: 'App shell/AppShell',
  component: AppShell,
  tags: ['autodocs'],
  args: {
    title: 'Sala · សាលា',
    navigation,
    onLocaleChange: fn(),
    showColorModeToggle: true,
    userMenu: (
      <Menu trigger={<IconButton label="Sok Dara" icon={<UserRound size={20} />} />}>
        <MenuItem id="profile" icon={<UserRound size={18} />}>
          Profile
        </MenuItem>
        <MenuItem id="logout" icon={<LogOut size={18} />} isDanger>
          Sign out
        </MenuItem>
      </Menu>
    ),
    children: (
      <Stack gap="large">
        <Heading level={1}>Good morning, Dara</Heading>
        <Card>
          <Text>
            Grade 7 A has 32 students. Attendance for the morning session is not taken yet.
          </Text>
        </Card>
      </Stack>
    ),
  },
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: {
    status: 'stable',
    docs: {
      // A whole page (landmarks, a level-1 heading): on the docs page each story gets a frame.
      story: { inline: false, height: '560px' },
      description: {
        component: `The frame of every signed-in page: a header (menu button on phones, title, language switcher, colour-mode toggle, user menu), the navigation (a drawer on phones, a collapsible sidebar on desktops) and the page's content, with a "Skip to content" link first.

### When to use
- Once, at the root of the signed-in app, around every page.

### When to use something else
- Pages without the user's navigation (sign-in, errors before sign-in): render the page alone, or \`ErrorPage\`.
- The home page's grid of apps goes inside it: \`AppMenu\`.
- The navigation itself: \`Sidebar\` and \`NavItem\`, passed as \`navigation\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab (first on the page) | Shows "Skip to content"; Enter moves focus to the content |
| Enter, Space on the menu button | Opens the navigation drawer (phones) |
| Escape | Closes the drawer; focus returns to the menu button |
| Enter, Space on the collapse button | Collapses or expands the desktop sidebar |

- Landmarks: \`header\` (banner), the navigation, and \`main\` (focusable target of the skip link).
- The drawer is modal: focus stays inside until it closes; choosing a page closes it.
- The collapse and menu buttons are \`IconButton\`s with translated names; collapsed, the sidebar's items keep their names as tooltips.
- The language switcher appears only with \`onLocaleChange\`; the colour-mode toggle unless \`showColorModeToggle={false}\`.

### Khmer content
- The header keeps one line for the title: a long Khmer school name is shortened with an ellipsis in the header only; give the full name in the page.
- Every control's name (skip link, menu, collapse) is translated; the language switcher shows each language in its own script (ខ្មែរ, English).
- Navigation labels wrap in the drawer and the expanded sidebar with the Khmer line height.`,
      },
    },
    layout: 'fullscreen',
    navigate: fn(),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: the sidebar collapses to icons (with tooltips) and expands again. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvasElement, globals, parameters }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: t('main_navigation') });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('link', { name: /Attendance/ }));
    await expect(parameters.navigate as Mock).toHaveBeenLastCalledWith('/attendance', undefined);
    await userEvent.click(canvas.getByRole('button', { name: t('collapse_sidebar') }));
    const expand = canvas.getByRole('button', { name: t('expand_sidebar') });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Classes' })).toBeVisible());
    expand.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: t('collapse_sidebar') })).toBeVisible(),
    );
  },
};

/** Phone: the navigation is a drawer from the menu button; choosing a page closes it. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, globals, parameters }) => {
    const t = stringsFor(globals);
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation', { name: t('main_navigation') })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t('open_navigation') }));
    const drawer = await screen.findByRole('dialog', { name: 'Sala · សាលា' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Scores' }));
    await expect(parameters.navigate as Mock).toHaveBeenLastCalledWith(
      '/studentScoringEntry',
      undefined,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    canvas.getByRole('button', { name: t('open_navigation') }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** "Skip to content" is the first Tab stop and moves focus to the page. */
export const SkipLink: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await userEvent.tab();
    const skip = within(canvasElement).getByRole('link', { name: t('skip_to_content') });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', '#sala-main');
  },
};

/** The drawer open on a phone, for review. */
export const PhoneDrawerOpen: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('open_navigation') }),
    );
    await waitFor(async () => expect(await screen.findByRole('dialog')).toBeVisible());
  },
};
