import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck, House, School } from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { NavItem } from '../NavItem/NavItem.js';
import { stringsFor } from '../private/storyStrings.js';
import { Sidebar } from './Sidebar.js';

const meta = {
  title: 'App shell/Sidebar',
  tags: ['autodocs'],
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
  parameters: {
    navigate: fn(),
    status: 'stable',
    docs: {
      description: {
        component: `
The app's main navigation: a \`nav\` landmark named "Main navigation" (in the current language) holding a list of **NavItem**s. The **AppShell** places it: beside the page on a desktop (collapsible to icons), in a drawer on a phone.

### When to use

- Once per app, with one NavItem per top-level page.

### When to use something else

- The whole frame (header, sidebar, drawer, main region): **AppShell**, with the Sidebar inside it.
- Sections of a page: **Tabs**; a path of pages: **Breadcrumbs**.
- A second navigation (within a settings page, say): give it its own \`aria-label\` so the two landmarks can be told apart.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` / \`Shift\`+\`Tab\` | Moves through its NavItems in order. |
| \`Enter\` | Follows the focused NavItem. |

- A \`navigation\` landmark, named "Main navigation" by default (\`aria-label\` to rename it): screen-reader users jump to it from the landmarks list.
- The items are a list (\`ul\`/\`li\`), announced with their number; the current page is \`aria-current="page"\`.
- APG: [landmark regions](https://www.w3.org/WAI/ARIA/apg/practices/landmark-regions/).

### Khmer content

- The landmark's name is the library's string (ការរុករកចម្បង in Khmer); the NavItems carry the app's page names in the user's language.
- The sidebar has a fixed width in the AppShell: Khmer names longer than it wrap inside their NavItem with the Khmer line height (1.8), never clipped.
`,
      },
    },
  },
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
