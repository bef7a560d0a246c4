import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { VisuallyHidden } from './VisuallyHidden.js';

const meta = {
  title: 'Utilities/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Delete student Sok Dara' },
} satisfies Meta<typeof VisuallyHidden>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden text still names the link for screen readers. */
export const Playground: Story = {
  render: (args) => (
    <a href="#delete">
      <Trash2 aria-hidden="true" size={20} />
      <VisuallyHidden {...args} />
    </a>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Delete student Sok Dara' });
    await expect(link).toBeVisible();
  },
};
