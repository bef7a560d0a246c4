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
  args: { items },
  decorators: [
    (Story, { parameters }) => (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Story />
      </RouterProvider>
    ),
  ],
  parameters: { navigate: fn() },
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
