import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack.js';
import { Text, textSizes, textTones, textWeights } from './Text.js';

const meta = {
  title: 'Typography/Text',
  tags: ['autodocs'],
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
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
Body text in the theme's type scale: a size, a tone (colour by meaning), a weight and a logical alignment. Every size sets a Khmer-safe line height, so text in either language can go in it. It renders a \`p\` by default; \`as\` renders a \`span\`, \`div\`, \`strong\`, \`small\` or \`label\`.

### When to use

- Paragraphs, captions and secondary lines (\`tone="muted"\`, \`size="small"\`).
- A short status in words next to an icon (\`tone="danger"\`, \`"success"\`…).
- One line that must not wrap in a narrow column (\`truncate\`).

### When to use something else

- Titles of pages and sections: **Heading** (a real \`h1\`–\`h6\`, so screen-reader users can jump between them).
- A link inside a sentence: **Link** with \`variant="inline"\`, inside the Text.
- A status that needs to stand out: **Badge**; a message after an action: **Toast**; an error in a form: the field's own \`errorMessage\` or **ErrorSummary**.
- Text only screen readers should hear: **VisuallyHidden**.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction. |

- Screen readers read it as plain text; a \`p\` is a paragraph. \`as="strong"\` adds emphasis that some screen readers announce.
- A tone never carries meaning alone: say "Absent" in the words, not only in red. The tones meet WCAG AA contrast on the page background in light and dark.
- With \`truncate\` the cut-off text stays in the DOM, so screen readers still read all of it; sighted users cannot, so do not truncate anything they need (offer the full text elsewhere or in a Tooltip).
- Set \`lang="km"\` on Khmer text inside English pages (and \`lang="en"\` the other way) so screen readers switch voice.

### Khmer content

- Every size uses the taller Khmer line height (1.8) wherever the text is Khmer by \`lang\` (\`:lang(km)\`), so subscript consonants and vowels above and below the line (ស្ត្រី, ព្រឹត្តិបត្រ) are never clipped. Mark Khmer text with \`lang="km"\`, or rely on the page's \`lang\`.
- Khmer is written without spaces between words: the browser breaks lines at word boundaries it finds itself, and \`overflow-wrap: anywhere\` breaks a word that is still too long rather than overflowing the column.
- The font is the theme's body stack: Inter for Latin, Noto Sans Khmer for Khmer (both self-hosted).
- Numbers inside the text are written as given: convert them with \`formatNumber(value, { digits })\` or \`toKhmerDigits\` when the user reads Khmer digits.
`,
      },
    },
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
