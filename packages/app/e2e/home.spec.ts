import { expect, signInAs, signInAsAdmin, test } from './support.js';

test.describe('home', () => {
  test("a teacher sees today's lessons (or that there are none) and their classes", async ({
    page,
  }) => {
    await signInAs(page, 'teacher');
    await expect(page.getByRole('heading', { level: 2, name: /^(Today|ថ្ងៃនេះ)/ })).toBeVisible();
    // The test may run on a day without lessons (a Sunday): either is true, never neither.
    const lessons = page.getByRole('list', { name: /Today's lessons|ម៉ោងបង្រៀនថ្ងៃនេះ/ });
    const none = page.getByText(/No lessons today|ថ្ងៃនេះគ្មានម៉ោងបង្រៀនទេ/);
    await expect(lessons.or(none)).toBeVisible();
    if (await lessons.isVisible()) {
      await expect(lessons.getByRole('listitem').first()).toContainText(/\d\d:\d\d/);
    }
    const classes = page.getByRole('list', { name: /My classes|ថ្នាក់របស់ខ្ញុំ/ });
    await expect(classes.getByRole('listitem').first()).toContainText(/Grade|ថ្នាក់/);
    await expect(page.getByText(/Hours taught this week|ម៉ោងបង្រៀនសប្ដាហ៍នេះ/)).toBeVisible();
  });

  test("the administrator sees the school's totals and its students by grade", async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page.getByRole('heading', { level: 2, name: /The school|សាលារៀន/ })).toBeVisible();
    await expect(
      page.getByRole('paragraph').filter({ hasText: /^\d+ girls$|^ស្រី \d+ នាក់$/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('paragraph').filter({ hasText: /^\d+ teachers$|^គ្រូ \d+ នាក់$/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('figure', { name: /Students by grade|សិស្សតាមកម្រិតថ្នាក់/ }),
    ).toBeVisible();
  });

  test('the app menu lists the tools a user may open, and a tile opens its tool', async ({
    page,
  }) => {
    await signInAs(page, 'teacher');
    await page.goto('/AppMenu');
    const tools = page.getByRole('list', { name: /^(Apps|កម្មវិធី)$/ });
    await expect(tools.getByRole('link', { name: /^(Classes|ថ្នាក់)$/ })).toBeVisible();
    await expect(tools.getByRole('link', { name: /^(Staff|បុគ្គលិក)$/ })).toHaveCount(0);
    await tools.getByRole('link', { name: /^(Classes|ថ្នាក់)$/ }).click();
    await expect(page).toHaveURL(/\/class$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Classes|ថ្នាក់)$/);
  });
});
