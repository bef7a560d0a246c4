import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.js';
import { Inline } from '../Inline/Inline.js';
import { Stack } from '../Stack/Stack.js';
import { Skeleton, skeletonShapes } from './Skeleton.js';

const meta = {
  title: 'Feedback/Skeleton',
  tags: ['autodocs'],
  component: Skeleton,
  args: { shape: 'text', lines: 3 },
  argTypes: { shape: { control: 'inline-radio', options: skeletonShapes } },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A grey placeholder in the shape of content that is loading — lines of text, a block (image, card, chart) or a circle (avatar) — so the page keeps its layout and does not jump when the data arrives. It pulses gently (and stays still when the user prefers reduced motion).

### When to use

- The first load of a card, list or table whose shape is known.
- Parts of a page that load after the rest (a student's photo, a dashboard's figures).

### When to use something else

- A load whose shape is unknown, or a wait after an action (saving): **Spinner**.
- A page change: **LoadingBar** at the top of the page (the app shell's **GlobalLoader**).
- Nothing to show once loaded: **EmptyState**; a load that failed: **ErrorState**.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction. |

- Every Skeleton is \`aria-hidden="true"\`: screen readers skip the shapes. Mark the region that is loading with \`aria-busy="true"\` (see *LoadingCard*) or show a **Spinner**, whose label is announced, so screen-reader users know something is coming.
- Do not put a Skeleton inside a button or a link; show the control disabled instead.

### Khmer content

- A text line is a 1 em bar inside the taller Khmer line box (line height 1.8), whatever the language: the loaded Khmer text takes the same height, so nothing jumps; English text (1.6) ends up a little shorter.
- Choose \`lines\` for the longer of the two languages: Khmer text usually takes more lines than its English version.
- There are no numbers, words or fonts in a Skeleton.
`,
      },
    },
  },
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
