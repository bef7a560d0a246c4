import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Heading } from '../Heading/Heading.js';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { useId } from 'react';
import { Card, cardElevations, cardPaddings, cardTones, type CardProps } from './Card.js';

/** A card that is a named section; its heading's id is unique however often it is shown. */
function SectionCard(args: CardProps) {
  const titleId = useId();
  return (
    <Card {...args} as="section" aria-labelledby={titleId}>
      <Stack gap="small">
        <Heading level={3} id={titleId}>
          Grade 7 A · ថ្នាក់ទី៧ ក
        </Heading>
        <Text tone="muted">32 students · សិស្ស ៣២ នាក់</Text>
      </Stack>
    </Card>
  );
}

const meta = {
  title: 'Layout/Card',
  component: Card,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      // A named section: on the docs page each story gets a frame, so that the copies do not repeat one landmark.
      story: { inline: false, height: '180px' },
      description: {
        component: `A bordered surface that groups related content: a class, a student, a summary. Flat or raised, with optional accent tones.

### When to use
- Grouping the content about one thing, in a list or a dashboard.
- A section of a page that needs its own visual boundary (use \`as="section"\` with a heading).

### When to use something else
- A number with its label (a dashboard figure): \`StatCard\`.
- Nothing to show yet: \`EmptyState\`; a failure: \`ErrorState\`.
- Content that opens over the page: \`Dialog\` or \`Drawer\`.
- Layout without a border: \`Stack\` and \`Inline\`.

### Accessibility
- Not interactive: a card is not a button. Put a \`Link\` or \`Button\` inside it for the action.
- \`as="section"\` or \`as="article"\` with \`aria-labelledby\` pointing at its heading makes it a named region or an article a screen reader can jump to; \`as="li"\` in a list of cards.
- Raised and tinted cards keep the text contrast of the page (4.5:1 or more in both modes).

### Khmer content
- No fixed height: Khmer text with its taller line height makes the card grow.
- Padding is in logical properties: the card's inner spacing follows the writing direction.
- Numbers inside are the content's: write them with the app's digits.`,
      },
    },
  },
  args: { padding: 'medium', elevation: 'flat', tone: 'neutral' },
  argTypes: {
    padding: { control: 'inline-radio', options: cardPaddings },
    elevation: { control: 'inline-radio', options: cardElevations },
    tone: { control: 'inline-radio', options: cardTones },
  },
  render: (args) => <SectionCard {...args} />,
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: /Grade 7 A/ })).toBeVisible();
  },
};

export const Raised: Story = { args: { elevation: 'raised' } };

/** A primary edge marks the card that needs attention first. */
export const PrimaryTone: Story = { args: { tone: 'primary' } };

/** The product's agridev colours. */
export const AgridevTone: Story = { args: { tone: 'agridev' } };

/** Large padding grows on tablets and desktops. */
export const LargePadding: Story = { args: { padding: 'large' } };
