import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { DialogTrigger } from '../Dialog/Dialog.js';
import { stringsFor } from '../private/storyStrings.js';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { Drawer, drawerPlacements } from './Drawer.js';

const meta = {
  title: 'Overlays/Drawer',
  component: Drawer,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `A full-height panel that slides in from an edge: the phone navigation, or details beside a list. It is modal like a \`Dialog\` and takes the same props, with \`placement\` (\`start\` or \`end\`) instead of a size.

### When to use
- The navigation on phones (the \`AppShell\` uses it).
- Details or a short form about an item of a list, keeping the list in mind.

### When to use something else
- A focused task or question: \`Dialog\` or \`ConfirmDialog\`.
- Content that belongs to the page: a \`Card\` or a page of its own.

### Accessibility
| Key | Action |
| --- | --- |
| Enter, Space (on the trigger) | Opens the drawer |
| Tab, Shift+Tab | Move through the drawer; focus stays inside |
| Escape | Closes it; focus returns to the trigger |

- \`role="dialog"\`, \`aria-modal\`, named by \`title\`; the page behind is hidden from screen readers. A press outside closes it.
- \`start\` and \`end\` are logical: they follow the writing direction.
- Pattern: [WAI-ARIA APG Dialog (Modal)](https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/).

### Khmer content
- The panel scrolls when its Khmer content is taller than the screen; lines are never clipped.
- Its title and close button follow the interface language.`,
      },
    },
  },
  args: { title: 'Student details', placement: 'end' },
  argTypes: { placement: { control: 'inline-radio', options: drawerPlacements } },
  render: (args) => (
    <DialogTrigger>
      <Button>Open details</Button>
      <Drawer {...args}>
        <Stack gap="small">
          <Text>Sok Dara · សុខ ដារា</Text>
          <Text tone="muted">Grade 7 A · ថ្នាក់ទី៧ ក</Text>
        </Stack>
      </Drawer>
    </DialogTrigger>
  ),
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens by pointer and keyboard; Escape and the × button close it. */
export const Playground: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const trigger = within(canvasElement).getByRole('button', { name: 'Open details' });
    await userEvent.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: 'Student details' });
    await userEvent.click(within(drawer).getByRole('button', { name: t('close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** From the start edge, as the phone navigation opens. */
export const Start: Story = {
  args: { placement: 'start', title: 'Sala' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open details' }));
    await waitFor(async () =>
      expect(await screen.findByRole('dialog', { name: 'Sala' })).toBeVisible(),
    );
  },
};
