import { expect, test } from '@playwright/test';
import { signInAs, signInAsAdmin } from './support.js';

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
    const profile = await page.request.post('/api/user/profile', {
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
