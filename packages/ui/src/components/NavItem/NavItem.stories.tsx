import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck } from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { Badge } from '../Badge/Badge.js';
import { Sidebar } from '../Sidebar/Sidebar.js';
import { NavItem } from './NavItem.js';

const meta = {
  title: 'App shell/NavItem',
  tags: ['autodocs'],
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
  parameters: {
    navigate: fn(),
    status: 'beta',
    docs: {
      description: {
        component: `
One page in the app's navigation: a link with its icon and name, inside a **Sidebar**. The current page is highlighted and marked \`aria-current="page"\`; a count or status can follow the name (\`badge\`). When the AppShell's sidebar is collapsed, only the icon shows, the name stays the link's accessible name, and a Tooltip shows it on hover and focus; in the phone drawer, following a link closes the drawer. Beta: the API for rendering a router's own link element is being reworked.

### When to use

- Each top-level page of the app, in the Sidebar (Home, Attendance, Classes, Scores…).

### When to use something else

- A link in the page's content: **Link**.
- Sections of one page: **Tabs**.
- A list of actions from a button: **Menu**; the app's menu of modules: **AppMenu**.
- Where the user is in a hierarchy: **Breadcrumbs**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` / \`Shift\`+\`Tab\` | Moves between the items, in order (each is a link in the tab order). |
| \`Enter\` | Follows the link (and closes the phone drawer). |

- Role \`link\` inside a \`li\` of the Sidebar's list, inside the \`navigation\` landmark; screen readers announce the list's length and the item's position.
- The current page is \`aria-current="page"\`, announced as "current page", and shown with a tinted background.
- The icon is decorative (\`aria-hidden\`); in a collapsed sidebar the name is visually hidden but still the accessible name, and the Tooltip shows it on focus and hover.
- The badge is part of the link's name: write it so that it reads well after the name ("Attendance 3").
- APG pattern: [Link](https://www.w3.org/WAI/ARIA/apg/patterns/link/), in a [navigation landmark](https://www.w3.org/WAI/ARIA/apg/practices/landmark-regions/).

### Khmer content

- The name is given by the app in the user's language (វត្តមាន, ថ្នាក់…); long Khmer names wrap onto a second line (\`overflow-wrap: anywhere\`) with the Khmer line height (1.8), never under the badge.
- Write a numeric badge in the user's digits (\`toKhmerDigits\` or \`formatNumber(n, { digits })\`).
- The font is the theme's (Noto Sans Khmer for Khmer).
`,
      },
    },
  },
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
