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
