import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  BookOpen,
  CalendarCheck,
  ClipboardList,
  FileText,
  School,
  Send,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within, type Mock } from 'storybook/test';
import { stringsFor } from '../private/storyStrings.js';
import { AppMenu, type AppMenuItem } from './AppMenu.js';

const items: AppMenuItem[] = [
  { id: 'attendance', href: '/attendance', label: 'Attendance', icon: <CalendarCheck size={28} /> },
  { id: 'class', href: '/class', label: 'Classes', icon: <School size={28} /> },
  {
    id: 'scores',
    href: '/studentScoringEntry',
    label: 'Scores',
    description: 'Monthly tests and exams',
    icon: <ClipboardList size={28} />,
  },
  {
    id: 'reports',
    href: '/dev/StudentReport',
    label: 'Report cards',
    icon: <FileText size={28} />,
  },
  { id: 'teaching', href: '/teaching', label: 'Teaching', icon: <BookOpen size={28} /> },
  { id: 'users', href: '/users', label: 'Users', icon: <Users size={28} /> },
  {
    id: 'privileges',
    href: '/userPrivillege/userManagement',
    label: 'Permissions',
    icon: <ShieldCheck size={28} />,
  },
  { id: 'telegram', href: '/telegramSetup', label: 'Telegram', icon: <Send size={28} /> },
];

const khmerItems: AppMenuItem[] = [
  { id: 'attendance', href: '/attendance', label: 'វត្តមាន', icon: <CalendarCheck size={28} /> },
  { id: 'class', href: '/class', label: 'ថ្នាក់', icon: <School size={28} /> },
  {
    id: 'scores',
    href: '/studentScoringEntry',
    label: 'ពិន្ទុ',
    description: 'ការប្រឡងប្រចាំខែ និងឆមាស',
    icon: <ClipboardList size={28} />,
  },
  { id: 'reports', href: '/dev/StudentReport', label: 'ព្រឹត្តិបត្រពិន្ទុ', icon: <FileText size={28} /> },
];

const meta = {
  title: 'App shell/AppMenu',
  component: AppMenu,
  tags: ['autodocs'],
  args: { items },
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: {
    status: 'beta',
    docs: {
      // A named navigation landmark: on the docs page each story gets a frame, so that the copies do not repeat one landmark.
      story: { inline: false, height: '420px' },
      description: {
        component: `The home page's grid of large app tiles (Attendance, Scores, Reports…): an icon, a name and one line on what each app is for. Two columns on phones, more on wider screens.

### When to use
- The signed-in home page, to reach each app in one tap.

### When to use something else
- Navigation present on every page: \`Sidebar\` with \`NavItem\`s inside the \`AppShell\`.
- Where the user is in the hierarchy: \`Breadcrumbs\`.
- Actions (not places): \`Button\`, or \`Menu\` for several.

### Accessibility
| Key | Action |
| --- | --- |
| Tab, Shift+Tab | Move between tiles |
| Enter | Opens the focused app |

- A \`nav\` landmark named "Apps" (or \`aria-label\`), holding a list: a screen reader announces the number of apps.
- Each tile is one link whose name is the app's name followed by its description ("Scores Enter the month's scores"); the icon is hidden.
- Links go through react-aria's router when the app sets a \`RouterProvider\` (no full page load).
- Tiles are far larger than the 44 px touch minimum.

### Khmer content
- App names and descriptions wrap inside the tile and get the Khmer line height; a long Khmer word breaks between syllables, never clips.
- Give each \`label\` and \`description\` in the interface language (the app passes translated strings).
- No numbers are shown.`,
      },
    },
    navigate: fn(),
  },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof AppMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Large tiles, two per row on a phone; each is a link, opened by Enter or a tap. */
export const Playground: Story = {
  play: async ({ canvasElement, globals, parameters }) => {
    const t = stringsFor(globals);
    const navigate = parameters.navigate as Mock;
    const nav = within(canvasElement).getByRole('navigation', { name: t('apps') });
    await expect(within(nav).getAllByRole('link')).toHaveLength(items.length);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(navigate).toHaveBeenLastCalledWith('/attendance', undefined);
    await userEvent.click(within(nav).getByRole('link', { name: /Scores/ }));
    await expect(navigate).toHaveBeenLastCalledWith('/studentScoringEntry', undefined);
  },
};

/** Khmer names and descriptions. */
export const Khmer: Story = { args: { items: khmerItems } };

/** On a desktop, more tiles per row. */
export const Desktop: Story = {
  globals: { viewport: { value: 'desktop', isRotated: false } },
};
