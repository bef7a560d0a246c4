import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.js';
import { Inline } from '../Inline/Inline.js';
import { Stack } from '../Stack/Stack.js';
import { Skeleton, skeletonShapes } from './Skeleton.js';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { shape: 'text', lines: 3 },
  argTypes: { shape: { control: 'inline-radio', options: skeletonShapes } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** A student card while it loads: the region says it is busy; the shapes are hidden. */
export const LoadingCard: Story = {
  render: () => (
    <Card aria-busy="true" aria-label="Student" as="section">
      <Inline gap="medium" noWrap>
        <Skeleton shape="circle" width={48} />
        <Stack gap="none">
          <Skeleton width={160} />
          <Skeleton width={100} />
        </Stack>
      </Inline>
      <Skeleton shape="rect" height={80} />
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Student' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};

export const Block: Story = { args: { shape: 'rect', height: 120 } };
export const Circle: Story = { args: { shape: 'circle', width: 64 } };
