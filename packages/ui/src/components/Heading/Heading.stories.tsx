import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Stack } from '../Stack/Stack.js';
import { Heading, headingLevels } from './Heading.js';

const meta = {
  title: 'Typography/Heading',
  component: Heading,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A section heading, \`h1\` to \`h4\`. The level keeps the page outline right for screen readers; \`size\` makes it look like another level without changing its meaning.

### When to use
- Every title of a page or a section: one \`level={1}\` per page, then levels in order.

### When to use something else
- Emphasised text that is not a section title: \`Text\` with a size or weight.
- The title of a dialog or a card's region: the component's own \`title\` (dialogs name themselves by it).

### Accessibility
- A real heading element: screen readers list and jump between headings.
- Never skip levels for looks: keep \`level\` right and change \`size\`.

### Khmer content
- Khmer headings get the Khmer line height at every size; large Khmer titles wrap and never clip.
- Khmer has no spaces between words: long headings break between syllables.
- Numbers in a heading are the caller's: write them with the app's digits.`,
      },
    },
  },
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
