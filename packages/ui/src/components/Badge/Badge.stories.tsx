import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Inline } from '../Inline/Inline.js';
import { Badge, badgeTones } from './Badge.js';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'Present · មានវត្តមាន', tone: 'success' },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Present · មានវត្តមាន')).toBeVisible();
  },
};

/** Every tone; the words carry the meaning, the colour repeats it. */
export const Tones: Story = {
  render: () => (
    <Inline gap="small">
      <Badge tone="neutral">Draft</Badge>
      <Badge tone="primary">Teacher · គ្រូបង្រៀន</Badge>
      <Badge tone="success">Present · មានវត្តមាន</Badge>
      <Badge tone="warning">Late · មកយឺត</Badge>
      <Badge tone="danger">Absent · អវត្តមាន</Badge>
      <Badge tone="info">Permission · ច្បាប់</Badge>
    </Inline>
  ),
};
