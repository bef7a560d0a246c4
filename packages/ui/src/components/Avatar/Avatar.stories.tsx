import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar.js';

const photo =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" fill="%231d4ed8"/%3E%3Ccircle cx="20" cy="16" r="8" fill="%23fde047"/%3E%3C/svg%3E';

const meta = {
  title: 'Data/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A person's photo, or their initials when there is none or it fails to load. The name, in one language or both, is its accessible name.

### When to use
- Next to a person's name in lists, tables, headers and the user menu.
- As the user menu's trigger (inside an \`IconButton\` or \`Menu\` trigger).

### When to use something else
- A status or a count next to a person: \`Badge\`.
- Uploading or changing the photo: \`ImageUpload\` (with \`round\`).

### Accessibility
- Not interactive: no keyboard behaviour of its own. Wrap it in a \`Button\` or \`Link\` to make it one.
- \`role="img"\` named by the person's name; the photo and the initials are hidden from screen readers. When the name is also written beside it, the name is read twice: that is the accepted cost of an avatar that stands alone elsewhere.
- Initials have at least 4.5:1 contrast on their background in both modes.

### Khmer content
- With a bilingual name (\`{ km, en }\`), the name and the initials follow the interface language.
- Khmer initials keep the first syllable of the first and last word whole — consonant, subscripts and vowel signs (សុខ ដារា → សុដា) — never a lone sign; they are centred with room for stacked glyphs.
- The element carries \`lang\`, so screen readers pronounce the name in its language.`,
      },
    },
  },
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
