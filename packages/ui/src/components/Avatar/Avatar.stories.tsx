import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar.js';

const photo =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" fill="%231d4ed8"/%3E%3Ccircle cx="20" cy="16" r="8" fill="%23fde047"/%3E%3C/svg%3E';

const meta = {
  title: 'Data/Avatar',
  component: Avatar,
  args: { name: { km: 'សុខ ដារា', en: 'Sok Dara' } },
  argTypes: { size: { control: 'inline-radio', options: ['small', 'medium', 'large'] } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Initials from the name in the current language. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('img', { name: /Sok Dara|សុខ ដារា/ }),
    ).toBeVisible();
  },
};

export const WithPhoto: Story = {
  args: { src: photo, size: 'large' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement)
        .getByRole('img', { name: /Sok Dara|សុខ ដារា/ })
        .querySelector('img'),
    ).toBeVisible();
  },
};

export const BrokenPhoto: Story = {
  args: { src: '/no-such-photo.jpg', name: 'Chan Sreymom' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('CS')).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar {...args} size="small" />
      <Avatar {...args} size="medium" />
      <Avatar {...args} size="large" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img')).toHaveLength(3);
  },
};
