import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { stringsFor } from '../private/storyStrings.js';
import { Inline } from '../Inline/Inline.js';
import { Spinner, spinnerSizes } from './Spinner.js';

const meta = {
  title: 'Feedback/Spinner',
  tags: ['autodocs'],
  component: Spinner,
  args: { size: 'medium', showLabel: false },
  argTypes: { size: { control: 'inline-radio', options: spinnerSizes } },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
An indeterminate progress indicator: a turning circle for a wait whose length is unknown — a list loading, a form saving. It is a react-aria ProgressBar with an accessible name ("Loading..." in the current language, or a \`label\` that says what loads), shown beside it with \`showLabel\`.

### When to use

- A panel or list loading when its shape is not known in advance (\`size="large"\` to fill it).
- A short wait inside a line of text or next to a control (\`size="small"\`).

### When to use something else

- Content whose shape is known: **Skeleton** (the page does not jump when it arrives).
- A page change: **LoadingBar**; the whole app starting: **GlobalLoader**.
- A button waiting for its action: **Button** with its pending state, which keeps its width and announces the wait.
- Measurable progress (an upload): a progress bar with a value, not a spinner.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction. |

- Role \`progressbar\`, without a value (indeterminate), named by \`label\` ("Loading..." by default). With \`showLabel\` the visible label is the name.
- Screen readers announce it when they reach it; it does not interrupt. Mark the loading region \`aria-busy="true"\` and move focus or announce the result when loading ends.
- The circle is decorative (\`aria-hidden\`); it turns more slowly when the user prefers reduced motion.

### Khmer content

- The default label is the library's string (កំពុងផ្ទុក...) in the current language; a custom \`label\` must be given in the user's language.
- The shown label uses the small type size with the Khmer line height (1.8) for \`:lang(km)\`, so it is never clipped; it sits beside the circle and wraps if the line is narrow.
- No numbers are shown.
`,
      },
    },
  },
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
