import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Tooltip, tooltipPlacements } from './Tooltip.js';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Saves the scores for Grade 7 A',
    placement: 'top',
    delay: 0,
    children: <Button variant="secondary">Save</Button>,
  },
  argTypes: { placement: { control: 'inline-radio', options: tooltipPlacements } },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shows on keyboard focus at once and on hover after `delay`; Escape and leaving hide it. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    // react-aria shows tooltips on hover only once the user is known to use a pointer.
    await userEvent.click(canvasElement);
    await userEvent.hover(button);
    const tip = await screen.findByRole('tooltip');
    await expect(tip).toHaveTextContent('Saves the scores for Grade 7 A');
    await expect(button).toHaveAttribute('aria-describedby', tip.id);
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/** Open, so its look can be reviewed; Khmer text wraps inside the maximum width. */
export const Open: Story = {
  args: {
    defaultOpen: true,
    content: 'រក្សាទុកពិន្ទុសម្រាប់ថ្នាក់ទី៧ ក — Saves the scores for Grade 7 A',
  },
  play: async () => {
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
  },
};

/** Below the control. */
export const Bottom: Story = {
  args: { defaultOpen: true, placement: 'bottom' },
  play: async () => {
    await waitFor(async () => expect(await screen.findByRole('tooltip')).toBeVisible());
  },
};

/** A disabled tooltip never shows. */
export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await userEvent.hover(within(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(screen.queryByRole('tooltip')).toBeNull();
  },
};
