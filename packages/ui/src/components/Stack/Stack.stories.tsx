import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.js';
import { Text } from '../Text/Text.js';
import { Stack, stackAligns } from './Stack.js';

const spaces = ['none', 'xsmall', 'small', 'medium', 'large', 'xlarge', 'xxlarge'] as const;

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { gap: 'medium', align: 'stretch' },
  argTypes: {
    gap: { control: 'select', options: spaces },
    align: { control: 'inline-radio', options: stackAligns },
  },
  render: (args) => (
    <Stack {...args}>
      <Card>Grade 7 A</Card>
      <Card>ថ្នាក់ទី៧ ខ</Card>
      <Card>Grade 8 A</Card>
    </Stack>
  ),
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Children in a column, evenly spaced by a theme space token. */
export const Playground: Story = {};

/** The gap can change per breakpoint: tight on phones, roomier on desktops. */
export const ResponsiveGap: Story = {
  args: { gap: { mobile: 'small', desktop: 'xlarge' } },
};

/** Centred children keep their own width. */
export const Centred: Story = {
  args: { align: 'center' },
};

/** As a list: `as="ul"` with `li` children, without bullets or indentation. */
export const AsList: Story = {
  render: (args) => (
    <Stack {...args} as="ul" gap="small">
      <li>
        <Text>Sok Dara</Text>
      </li>
      <li>
        <Text>ចាន់ សុភា</Text>
      </li>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};
