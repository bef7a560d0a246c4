import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { QrCode } from './QrCode.js';

const meta = {
  title: 'Components/QrCode',
  tags: ['autodocs'],
  component: QrCode,
  args: {
    value: 'https://sala.example/auths/login?username=sok.dara',
    label: 'QR code of the sign-in address · QR កូដនៃអាសយដ្ឋានចូលគណនី',
    size: '8rem',
  },
  parameters: {
    status: 'alpha',
    docs: {
      description: {
        component: `
A QR code that a phone's camera opens — the address of a page, such as a user's sign-in link on a printed account slip. It is drawn as one SVG path (sharp at any size, on screen and on paper), with error correction level M and the standard four-module quiet zone. It is always black modules on a white ground, in dark mode too: cameras read dark on light. New: its props may still change.

### When to use

- An address someone opens on their phone from a screen or a printed page.
- Account slips, class posters, printed reports that link back to a page.

### When to use something else

- An address people click on the same device: **Link**.
- An address to copy and send: show it as text (a **TextField** with \`isReadOnly\`) next to the code, or instead of it.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction. |

- Role \`img\`, named by \`label\` (required): say what the code opens ("QR code of the sign-in address"), not that it is a QR code alone.
- Screen-reader users cannot use the picture: always show or offer the same address as text or a **Link** near it.
- \`4rem\` (the *Small* story) suits a printed slip; on a screen, larger is easier for a camera to focus on.

### Khmer content

- The \`label\` is the only text: give it in the user's language (QR កូដនៃអាសយដ្ឋានចូលគណនី) or in both, as the stories do.
- The code holds \`value\` as UTF-8: Khmer text and addresses with Khmer characters can be encoded, but they make a denser code than a plain ASCII address; prefer short ASCII addresses.
- No line height, digits or font apply to the code itself.
`,
      },
    },
  },
} satisfies Meta<typeof QrCode>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The address of a page, for a phone's camera: black on white in either colour mode. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: /QR code of the sign-in/ });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('width', '8rem');
  },
};

/** Small, as on a printed slip. */
export const Small: Story = {
  args: { size: '4rem' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img')).toHaveAttribute('height', '4rem');
  },
};
