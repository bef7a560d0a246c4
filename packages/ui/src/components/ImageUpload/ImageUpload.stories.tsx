import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { ImageUpload } from './ImageUpload.js';

/** A generated 1200 × 900 photo-like PNG, so the stories need no image files. */
async function samplePhoto(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 1200;
  canvas.height = 900;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, 1200, 900);
  gradient.addColorStop(0, '#15803d');
  gradient.addColorStop(1, '#1d4ed8');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 1200, 900);
  ctx.fillStyle = '#fde047';
  ctx.beginPath();
  ctx.arc(600, 420, 220, 0, Math.PI * 2);
  ctx.fill();
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], 'student.png', { type: 'image/png' });
}

const fileInput = (root: HTMLElement) =>
  root.querySelector<HTMLInputElement>('input[type="file"]')!;

const meta = {
  title: 'Forms/ImageUpload',
  component: ImageUpload,
  tags: ['autodocs'],
  parameters: {
    status: 'alpha',
    docs: {
      description: {
        component: `Choose or drop an image, crop it to a fixed shape with zoom and rotation, and get back a resized WebP or JPEG \`Blob\` under a size limit. Files that are not images, or too large, are refused with a translated message; nothing throws.

### When to use
- A student's or teacher's photo, a school logo: one image, cropped to a known shape.

### When to use something else
- Documents or several files: a file field of its own (not in the kit yet).
- Showing a photo: \`Avatar\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves to "Choose an image", then through the crop controls |
| Enter, Space | Opens the file chooser / presses a button |
| Arrow keys (crop area) | Nudge the image |
| Arrow keys, Home, End (zoom) | Zoom in and out |
| Enter, Space (rotate buttons) | Rotate by 90° |

- The drop zone is named by \`label\`; dropping is never the only way, the "Choose an image" button always works.
- The crop area is a \`group\` that says how to move the image; zoom is a slider with its value announced; rotations and "Use this image" are buttons with translated names.
- A refused file's message is an \`alert\`, announced at once; "Preparing the image…" is a status.

### Khmer content
- Every message and button is translated; messages wrap with the Khmer line height.
- File sizes in messages use the app's digits.`,
      },
    },
  },
  args: { label: 'Student photo', onChange: fn(), round: true, maxOutputBytes: 100 * 1024 },
} satisfies Meta<typeof ImageUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choose a photo, nudge it with the arrow keys, rotate it with the pointer, and use it. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.upload(fileInput(canvasElement), await samplePhoto());
    const area = await screen.findByRole('group', { name: t('image.cropArea') });
    area.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await userEvent.click(screen.getByRole('button', { name: t('image.rotateRight') }));
    const use = screen.getByRole('button', { name: t('image.use') });
    await waitFor(() => expect(use).toBeEnabled());
    await userEvent.click(use);
    await waitFor(() => expect(args.onChange).toHaveBeenCalled());
    const blob = (args.onChange as ReturnType<typeof fn>).mock.calls[0]![0] as Blob;
    await expect(blob.type).toMatch(/^image\/(webp|jpeg)$/);
    await expect(blob.size).toBeLessThanOrEqual(100 * 1024);
    await expect(
      within(canvasElement).getByRole('img', { name: t('image.preview') }),
    ).toBeVisible();
  },
};

/** A file that is not an image is refused with a translated message. */
export const NotAnImage: Story = {
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      fileInput(canvasElement),
      new File(['%PDF-1.7'], 'timetable.pdf', { type: 'application/pdf' }),
    );
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      t('image.notImage', { name: 'timetable.pdf' }),
    );
  },
};

/** A file over the limit is refused before anything is decoded. */
export const TooLarge: Story = {
  args: { maxFileBytes: 200 * 1024 },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const big = new File([new Uint8Array(1024 * 1024)], 'scan.jpg', { type: 'image/jpeg' });
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      t('image.tooLarge', { name: 'scan.jpg', size: '1.0', max: '0.20' }),
    );
  },
};

/** The stored photo is shown until another is chosen; Cancel leaves it in place. */
export const WithCurrentImage: Story = {
  args: {
    imageUrl:
      'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"%3E%3Crect width="10" height="10" fill="%2315803d"/%3E%3C/svg%3E',
  },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(
      within(canvasElement).getByRole('button', { name: t('image.change') }),
    ).toBeVisible();
    await userEvent.upload(fileInput(canvasElement), await samplePhoto());
    await userEvent.click(await screen.findByRole('button', { name: t('common.cancel') }));
    await expect(
      within(canvasElement).getByRole('img', { name: t('image.preview') }),
    ).toBeVisible();
  },
};

/** A wide crop (a school banner). */
export const WideCrop: Story = {
  args: { aspect: 16 / 9, round: false, label: 'School banner' },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.upload(fileInput(canvasElement), await samplePhoto());
    const zoom = await screen.findByRole('slider', { name: t('image.zoom') });
    zoom.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(zoom).toHaveValue('1.1');
  },
};
