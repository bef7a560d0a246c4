import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.js';
import { Inline, inlineAligns, inlineAlignYs } from './Inline.js';

const meta = {
  title: 'Layout/Inline',
  component: Inline,
  args: { gap: 'small', align: 'start', alignY: 'center', noWrap: false },
  argTypes: {
    gap: { control: 'select', options: ['none', 'xsmall', 'small', 'medium', 'large'] },
    align: { control: 'inline-radio', options: inlineAligns },
    alignY: { control: 'inline-radio', options: inlineAlignYs },
  },
  render: (args) => (
    <Inline {...args}>
      <Button variant="secondary">Cancel</Button>
      <Button variant="secondary">បោះបង់</Button>
      <Button>Save</Button>
      <Button>រក្សាទុក</Button>
    </Inline>
  ),
} satisfies Meta<typeof Inline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A row that wraps on a narrow screen. */
export const Playground: Story = {};

/** Actions at the inline end, the usual place for a form's buttons. */
export const AlignEnd: Story = { args: { align: 'end' } };

/** Spread to both ends. */
export const SpaceBetween: Story = { args: { align: 'space-between' } };

/** On a phone the row wraps onto a second line instead of overflowing. */
export const WrapsOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};
