import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack.js';
import { Text, textSizes, textTones, textWeights } from './Text.js';

const meta = {
  title: 'Typography/Text',
  component: Text,
  args: {
    children: 'Students present today · សិស្សមានវត្តមានថ្ងៃនេះ',
    size: 'medium',
    tone: 'normal',
    weight: 'regular',
  },
  argTypes: {
    size: { control: 'inline-radio', options: textSizes },
    tone: { control: 'select', options: textTones },
    weight: { control: 'inline-radio', options: textWeights },
    align: { control: 'inline-radio', options: ['start', 'center', 'end'] },
  },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** Each size with Khmer: stacked consonants (ស្ត្រី, ព្រឹត្តិបត្រ) are never clipped. */
export const Sizes: Story = {
  render: (args) => (
    <Stack gap="small">
      {textSizes.map((size) => (
        <Text key={size} {...args} size={size} lang="km">
          {size}: ព្រឹត្តិបត្រពិន្ទុ ស្ត្រី ឆ្នាំសិក្សា
        </Text>
      ))}
    </Stack>
  ),
};

/** Tones carry meaning by colour and are always paired with words. */
export const Tones: Story = {
  render: (args) => (
    <Stack gap="xsmall">
      {textTones.map((tone) => (
        <Text key={tone} {...args} tone={tone}>
          {tone}: Absent · អវត្តមាន
        </Text>
      ))}
    </Stack>
  ),
};

/** One line with an ellipsis in a narrow column. */
export const Truncated: Story = {
  args: {
    truncate: true,
    children: 'ការតភ្ជាប់អ៊ីនធឺណិតបានស្ដារឡើងវិញ — Internet connection restored for everyone',
  },
  render: (args) => (
    <div style={{ width: 200 }}>
      <Text {...args} />
    </div>
  ),
};
