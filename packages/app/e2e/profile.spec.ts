import type { Page } from '@playwright/test';
import { endpoints, fillPath } from '@sala/contract';
import { expect, signInAs, signInAsAdmin, test } from './support.js';

test.describe('own profile', () => {
  test("the spec's title and description on /users/profile and /userProfileInfo", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    for (const path of ['/users/profile', '/userProfileInfo']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        /User Profile|ប្រវត្តិរូបអ្នកប្រើប្រាស់/,
      );
      await expect(
        page.getByText(/View user profile information|មើលព័ត៌មានប្រវត្តិរូបអ្នកប្រើប្រាស់/),
      ).toBeVisible();
    }
  });

  // The office account, so the admin other tests sign in as keeps its names.
  test('edits the names and sees this device among the signed-in devices', async ({ page }) => {
    await signInAs(page, 'office');
    await page.goto('/userProfile');
    await expect(page.getByText(/This device|ឧបករណ៍នេះ/)).toBeVisible();
    const english = page.getByRole('textbox', { name: /English|អង់គ្លេស/ }).first();
    const before = await english.inputValue();
    await english.fill('Head of Office');
    await page.getByRole('button', { name: /^(save|រក្សាទុក)$/i }).click();
    await expect(page.getByText(/Your details are saved|ព័ត៌មានរបស់អ្នកត្រូវបានរក្សាទុក/)).toBeVisible();
    const profile = await page.request.post(endpoints.postProfile.path, {
      headers: {
        authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'accessToken')?.value}`,
      },
    });
    expect((await profile.json()).user.nameEn).toBe('Head of Office');
    await english.fill(before);
    await page.getByRole('button', { name: /^(save|រក្សាទុក)$/i }).click();
    await expect(
      page.getByText(/Your details are saved|ព័ត៌មានរបស់អ្នកត្រូវបានរក្សាទុក/).first(),
    ).toBeVisible();
  });
});

/**
 * A 640 × 400 picture whose every pixel says where it is: red grows from left to right, green
 * from top to bottom. A colour read anywhere in a crop names the point of the picture it shows.
 */
async function positionPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    const pixels = ctx.createImageData(640, 400);
    for (let y = 0; y < 400; y++) {
      for (let x = 0; x < 640; x++) {
        const i = (y * 640 + x) * 4;
        pixels.data[i] = Math.round((x * 255) / 639);
        pixels.data[i + 1] = Math.round((y * 255) / 399);
        pixels.data[i + 2] = 128;
        pixels.data[i + 3] = 255;
      }
    }
    ctx.putImageData(pixels, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * The colours of an image at the same nine points of its square (a fifth, half and four fifths
 * across and down: inside the round frame and clear of its thirds grid), read in the page.
 */
async function colourSamples(page: Page, image: Buffer, type: string): Promise<number[][]> {
  return page.evaluate(
    async ({ base64, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type }));
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const samples: number[][] = [];
      for (const fy of [0.2, 0.5, 0.8]) {
        for (const fx of [0.2, 0.5, 0.8]) {
          const [r, g, b] = ctx.getImageData(
            Math.floor(fx * bitmap.width),
            Math.floor(fy * bitmap.height),
            1,
            1,
          ).data;
          samples.push([r!, g!, b!]);
        }
      }
      return samples;
    },
    { base64: image.toString('base64'), type },
  );
}

test('the photo saved is the part of the picture the crop frame showed', async ({ page }) => {
  // A picture is drawn, encoded and decoded in the page three times over: more than the
  // usual half minute on a busy machine.
  test.slow();
  // The head of department's account: the other tests do not look at its photo.
  await signInAs(page, 'head');
  await page.goto('/userProfile');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^(Choose an image|ជ្រើសរើសរូបភាព)$/ }).click();
  await (
    await chooser
  ).setFiles({ name: 'position.png', mimeType: 'image/png', buffer: await positionPicture(page) });

  const frame = page.getByRole('group', { name: /^(Crop area|ផ្ទៃកាត់)/ });
  await expect(frame).toBeVisible();
  // Zoomed in to 150 % and moved off the middle: the frame shows neither the whole picture
  // nor its centre, so a preview laid out unlike the saved crop cannot pass.
  const zoom = page.getByRole('slider', { name: /^(Zoom|ពង្រីក)$/ });
  await zoom.focus();
  for (let i = 0; i < 10; i++) await zoom.press('ArrowRight');
  await expect(zoom).toHaveValue('1.5');
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 50, box.y + box.height / 2 - 30, { steps: 5 });
  await page.mouse.up();
  const use = page.getByRole('button', { name: /^(Use this image|ប្រើរូបភាពនេះ)$/ });
  await expect(use).toBeEnabled();
  const preview = await frame.screenshot({ animations: 'disabled', scale: 'css' });

  const uploaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === endpoints.postUploadAvatar.path &&
      response.request().method() === 'POST',
  );
  await use.click();
  const { file } = (await (await uploaded).json()) as { file: { id: string; mimeType: string } };
  await expect(page.getByText(/Your photo is saved|រូបថតរបស់អ្នកត្រូវបានរក្សាទុក/)).toBeVisible();
  const stored = await page.request.get(fillPath(endpoints.getFile.path, { id: file.id }));
  expect(stored.ok()).toBe(true);

  const shown = await colourSamples(page, preview, 'image/png');
  const saved = await colourSamples(page, await stored.body(), file.mimeType);
  // The frame shows the inside of the picture, not its left or top edge: the move was kept.
  expect(shown[0]![0]).toBeGreaterThan(20);
  expect(shown[0]![1]).toBeGreaterThan(20);
  // Each point within 6 levels (a few pixels of the picture; lossy WebP moves a level or two).
  for (const [i, colour] of shown.entries()) {
    for (const channel of [0, 1, 2]) {
      expect(
        Math.abs(colour[channel]! - saved[i]![channel]!),
        `point ${i} channel ${channel}: shown ${colour.join(',')}, saved ${saved[i]!.join(',')}`,
      ).toBeLessThanOrEqual(6);
    }
  }
});
