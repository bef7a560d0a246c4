import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.js';
import { Heading, headingLevels } from './Heading.js';

const meta = {
  title: 'Typography/Heading',
  component: Heading,
  args: { level: 2, children: 'Attendance · វត្តមាន' },
  argTypes: {
    level: { control: 'inline-radio', options: headingLevels },
    size: { control: 'inline-radio', options: headingLevels },
  },
} satisfies Meta<typeof Heading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2 })).toBeVisible();
  },
};

/** Every level in English and Khmer: Khmer headings get the taller line height. */
export const Levels: Story = {
  render: () => (
    <Stack gap="large">
      {headingLevels.map((level) => (
        <Stack key={level} gap="xsmall">
          <Heading level={level}>Report card, level {level}</Heading>
          <Heading level={level} lang="km">
            ព្រឹត្តិបត្រពិន្ទុ កម្រិត {level}
          </Heading>
        </Stack>
      ))}
    </Stack>
  ),
};

/** A level-3 heading that looks like a level 1 (outline and looks are separate). */
export const SizeOverride: Story = {
  args: { level: 3, size: 1, children: 'Grade 7 A' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 3 })).toBeVisible();
  },
};
