import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Heading } from '../Heading/Heading.js';
import { Stack } from '../Stack/Stack.js';
import { Text } from '../Text/Text.js';
import { Card, cardElevations, cardPaddings, cardTones } from './Card.js';

const meta = {
  title: 'Layout/Card',
  component: Card,
  args: { padding: 'medium', elevation: 'flat', tone: 'neutral' },
  argTypes: {
    padding: { control: 'inline-radio', options: cardPaddings },
    elevation: { control: 'inline-radio', options: cardElevations },
    tone: { control: 'inline-radio', options: cardTones },
  },
  render: (args) => (
    <Card {...args} as="section" aria-labelledby="card-title">
      <Stack gap="small">
        <Heading level={3} id="card-title">
          Grade 7 A · ថ្នាក់ទី៧ ក
        </Heading>
        <Text tone="muted">32 students · សិស្ស ៣២ នាក់</Text>
      </Stack>
    </Card>
  ),
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
