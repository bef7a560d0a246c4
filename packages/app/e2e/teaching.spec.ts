import type { Page } from '@playwright/test';
import { expect, signInAs, signInAsAdmin, test } from './support.js';

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

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

test.describe('teaching: building it', () => {
  test('the administrator frees a period, adds a lesson to it, and a room clash is refused', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Each project works on its own class: the two run at once against one server.
    const className = test.info().project.name === 'phone' ? 'Grade 8C' : 'Grade 8B';
    await signInAsAdmin(page);
    await page.goto('/teaching');
    await choose(page, /(A class|ថ្នាក់)$/, className);
    const saturday = page.getByRole('region', { name: /^(Saturday|ថ្ងៃសៅរ៍)$/ });
    const lastLesson = saturday.getByRole('listitem').last();
    await expect(lastLesson).toContainText(/Period 5|ម៉ោងទី 5/);
    // The demo week is full: take Saturday's last lesson off, remembering its subject.
    const subject = (await lastLesson.locator('span > span').nth(1).textContent())!.trim();
    await page.getByRole('button', { name: /Change the lesson on Saturday, period 5/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove lesson' }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: 'Remove lesson' })
      .click();
    await expect(page.getByText('Lesson removed').first()).toBeVisible();

    // The free period takes a lesson again: its subject brings the class's teacher and room.
    await page.getByRole('button', { name: /Add a lesson on Saturday, period 5/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ }).click();
    await page.getByRole('option', { name: subject, exact: true }).click();
    await dialog.getByRole('button', { name: 'Add lesson' }).click();
    await expect(page.getByText('Lesson added').first()).toBeVisible();
    await expect(saturday.getByRole('listitem').last()).toContainText(subject);

    // Moving it to Grade 7A's room, which 7A uses at that time, is refused and changes nothing.
    await page.getByRole('button', { name: /Change the lesson on Saturday, period 5/ }).click();
    await dialog.getByRole('textbox', { name: 'Room' }).fill('A101');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Not saved: a clash');
    await expect(alert).toContainText('This room is already used by another class at that time');
    await expect(alert).toContainText(/Room A101 is used by Grade 7A/);
    await expect(alert).toContainText('Nothing was changed.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(saturday.getByRole('listitem').last()).not.toContainText('A101');
  });

  test('the administrator removes a teaching assignment and assigns the teacher again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const className = test.info().project.name === 'phone' ? 'Grade 12C' : 'Grade 12B';
    await signInAsAdmin(page);
    await page.goto('/teaching');
    await page.getByRole('tab', { name: 'Assignments' }).click();
    await choose(page, /(Class|ថ្នាក់)$/, className);
    await choose(page, /(Subject|មុខវិជ្ជា)$/, 'Earth Science');
    const row = page.getByRole('row').filter({ hasText: 'Earth Science' });
    await expect(row).toHaveCount(1);
    const teacher = (await row.getByRole('gridcell').nth(2).textContent())!.trim();

    // A second teacher for the same subject and class is refused, in words.
    await page.getByRole('button', { name: 'New assignment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ }).click();
    await page.getByRole('option', { name: 'Earth Science', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Teacher' }).fill(teacher);
    await page
      .getByRole('option', { name: new RegExp(teacher) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(
      dialog.getByText('This subject already has a teacher in this class'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Remove Earth Science in ${className}` }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Assignment removed').first()).toBeVisible();
    await expect(page.getByText('No assignment matches')).toBeVisible();

    await page.getByRole('button', { name: 'New assignment' }).click();
    await dialog.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ }).click();
    await page.getByRole('option', { name: 'Earth Science', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Teacher' }).fill(teacher);
    await page
      .getByRole('option', { name: new RegExp(teacher) })
      .first()
      .click();
    await dialog.getByRole('spinbutton', { name: 'Hours a week' }).fill('1');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(
      page.getByText(`${teacher} now teaches Earth Science in ${className}`).first(),
    ).toBeVisible();
    await expect(row.getByRole('gridcell').nth(2)).toHaveText(teacher);
  });

  test('a lesson taught is logged for a teacher and shows in the log', async ({ page }) => {
    test.setTimeout(120_000);
    const content = `Rocks and soil (${test.info().project.name})`;
    await signInAsAdmin(page);
    await page.goto('/teaching');
    // The teacher of Earth Science in Grade 12A, from the assignments.
    await page.getByRole('tab', { name: 'Assignments' }).click();
    await choose(page, /(Class|ថ្នាក់)$/, 'Grade 12A');
    await choose(page, /(Subject|មុខវិជ្ជា)$/, 'Earth Science');
    const row = page.getByRole('row').filter({ hasText: 'Earth Science' });
    const teacher = (await row.getByRole('gridcell').nth(2).textContent())!.trim();

    await page.getByRole('tab', { name: 'Teaching log' }).click();
    await page.getByRole('button', { name: 'Log a lesson' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Teacher' }).fill(teacher);
    await page
      .getByRole('option', { name: new RegExp(teacher) })
      .first()
      .click();
    await dialog.getByRole('button', { name: /(Class and subject)$/ }).click();
    await page.getByRole('option', { name: 'Grade 12A · Earth Science', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'What was taught' }).fill(content);
    await dialog.getByRole('button', { name: 'Log lesson' }).click();
    await expect(page.getByText('Lesson logged').first()).toBeVisible();
    await expect(page.getByRole('gridcell', { name: content })).toBeVisible();
  });
});
