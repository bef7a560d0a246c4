import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { stringsFor } from '../private/storyStrings.js';
import { Inline } from '../Inline/Inline.js';
import { Spinner, spinnerSizes } from './Spinner.js';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { size: 'medium', showLabel: false },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Announced as a busy progress bar named "Loading..." in the current language. */
export const Playground: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await expect(
      within(canvasElement).getByRole('progressbar', { name: t('loading') }),
    ).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <Inline gap="large">
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} />
      ))}
    </Inline>
  ),
};

/** With its label shown beside it. */
export const WithLabel: Story = {
  args: { showLabel: true },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    await expect(within(canvasElement).getByText(t('loading'))).toBeVisible();
  },
};

/** A label that says what is loading. */
export const CustomLabel: Story = {
  args: { showLabel: true, label: 'Loading students · កំពុងផ្ទុកសិស្ស' },
};
