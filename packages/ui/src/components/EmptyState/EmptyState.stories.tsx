import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarX } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { EmptyState } from './EmptyState.js';

const meta = {
  title: 'Data/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `Shown where a list or a page has nothing yet: what is empty, why, and what to do next (usually one primary action).

### When to use
- An empty list, table or search result; a new school with no classes yet.

### When to use something else
- Something failed or is forbidden: \`ErrorState\` (or \`ErrorPage\` for the whole page).
- Data still loading: \`Skeleton\` or \`Spinner\`.
- A short note inside a form: \`Text\` with \`tone="muted"\`.

### Accessibility
- Not interactive itself; its \`actions\` (buttons, links) are in the normal Tab order.
- The title is a real heading (\`headingLevel\`, 2 by default): set the level that fits the page outline.
- The icon is decorative and hidden from screen readers.
- It is not announced when it appears: announce a search with no results through the search field's status, not this.

### Khmer content
- Title and description wrap with the Khmer line height, centred; nothing is clipped.
- Pass \`title\` and \`description\` translated; counts inside them with the app's digits.`,
      },
    },
  },
  args: {
    title: 'No students in this class yet',
    description: 'Add students one by one or import them from a spreadsheet.',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'No students in this class yet' }),
    ).toBeVisible();
  },
};

const onAdd = fn();

/** With an action: reachable by pointer and keyboard. */
export const WithAction: Story = {
  args: { actions: <Button onPress={onAdd}>Add a student</Button> },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Add a student' });
    await userEvent.click(button);
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(onAdd).toHaveBeenCalledTimes(2);
  },
};

export const Khmer: Story = {
  args: {
    title: 'មិនទាន់មានកាលវិភាគសម្រាប់ថ្ងៃនេះទេ',
    description: 'សូមបង្កើតកាលវិភាគសម្រាប់ថ្នាក់នេះជាមុនសិន។',
    icon: <CalendarX size={28} />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading')).toHaveTextContent('កាលវិភាគ');
  },
};
