import { expect, test } from '@playwright/test';
import { signInAs, signInAsAdmin } from './support.js';

test.describe('teaching: the week', () => {
  test("the office sees a class's week and a room's week", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/teaching');
    await expect(page.getByRole('radio', { name: /A class|ថ្នាក់/ })).toBeChecked();
    await expect(page.getByRole('heading', { name: /Monday|ចន្ទ/ })).toBeVisible();
    await expect(page.getByText(/Period 1|ម៉ោងទី 1/).first()).toBeVisible();
    // Every class of the demo school has lessons on Monday.
    const monday = page.getByRole('region', { name: /Monday|ចន្ទ/ });
    await expect(monday.getByRole('listitem').first()).toBeVisible();

    await page.getByText(/^(A room|បន្ទប់)$/).click();
    await expect(page.getByRole('radio', { name: /A room|បន្ទប់/ })).toBeChecked();
    await expect(page.getByRole('heading', { name: /Tuesday|អង្គារ/ })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Tuesday|អង្គារ/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
  });

  test('a teacher starts on their own week', async ({ page }) => {
    await signInAs(page, 'teacher');
    await page.goto('/teaching');
    await expect(page.getByRole('radio', { name: /My week|សប្ដាហ៍របស់ខ្ញុំ/ })).toBeChecked();
    await expect(page.getByRole('heading', { name: /Monday|ចន្ទ/ })).toBeVisible();
    await expect(page.getByText(/Grade 7A|ថ្នាក់ទី៧A/).first()).toBeVisible();
  });
});
