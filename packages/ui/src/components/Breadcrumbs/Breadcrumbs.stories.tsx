import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Breadcrumbs } from './Breadcrumbs.js';

/** The host's router: links navigate client-side, as in the app, so the story page stays put. */
const navigate = fn();

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  args: {
    onAction: fn(),
    items: [
      { id: 'school', label: 'សាលារៀន', href: '#school' },
      { id: 'classes', label: 'Classes', href: '#classes' },
      { id: '7a', label: 'ថ្នាក់ទី៧ក' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Follow a link with the pointer, then with the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Classes' }));
    await expect(args.onAction).toHaveBeenLastCalledWith('classes');
    canvas.getByRole('link', { name: 'សាលារៀន' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenLastCalledWith('school');
  },
};

/** Many levels wrap on a phone instead of being cut. */
export const Deep: Story = {
  args: {
    items: [
      { id: 'a', label: 'School', href: '#a' },
      { id: 'b', label: 'Academic year 2025–2026', href: '#b' },
      { id: 'c', label: 'Semester 1', href: '#c' },
      { id: 'd', label: 'Grade 7A', href: '#d' },
      { id: 'e', label: 'Monthly scores, March' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(5);
  },
};
