import type { Meta, StoryObj } from '@storybook/react-vite';
import { RouterProvider } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Breadcrumbs } from './Breadcrumbs.js';

/** The host's router: links navigate client-side, as in the app, so the story page stays put. */
const navigate = fn();

const meta = {
  title: 'Navigation/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      // A named navigation landmark: on the docs page each story gets a frame, so that the copies do not repeat one landmark.
      story: { inline: false, height: '140px' },
      description: {
        component: `Where the current page sits (School › Classes › Grade 7A): a navigation landmark whose last item is the current page. Links go through react-aria's router when the app sets one.

### When to use
- Pages two or more levels deep, so that the user can go back up in one step.

### When to use something else
- The app's main navigation: \`Sidebar\` with \`NavItem\`s.
- Steps of a task or tabs of one page: \`Tabs\` or \`SegmentedControl\`.
- A single link back: \`Link\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab, Shift+Tab | Move between the links |
| Enter | Follows the focused link |

- A \`nav\` landmark named "You are here" (translated) holding an ordered list; the last item is not a link and is marked \`aria-current="page"\`.
- The separators are hidden from screen readers.
- \`onAction\` receives the item's id instead of following the link.
- Pattern: [WAI-ARIA APG Breadcrumb](https://www.w3.org/WAI/ARIA/apg/patterns/breadcrumb/).

### Khmer content
- Items wrap onto more lines on a phone rather than being cut; each gets the Khmer line height.
- Khmer class names may hold Khmer digits (ថ្នាក់ទី៧ក): pass the label as the school writes it.
- Mixed Khmer and English items sit in one line; each script gets its own font from the stack.`,
      },
    },
  },
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
    // react-aria renders a collection's items a moment after the list itself: wait for them.
    await userEvent.click(await canvas.findByRole('link', { name: 'Classes' }));
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
    await waitFor(() => expect(within(canvasElement).getAllByRole('link')).toHaveLength(5));
  },
};
