import type { Page } from '@playwright/test';
import type { AttendanceClassesResponse, AttendanceSheet, TelegramSetup } from '@sala/contract';
import { endpoints } from '@sala/contract';
import { expect, signInAsAdmin, test } from './support.js';

// The school's bot against our fake Telegram Bot API (playwright.config.ts starts it beside the
// server, which polls it every second): connect the bot, link a class's group with /link, send a
// test message, and see the absence alert arrive after attendance is saved.

const telegram = process.env.E2E_TELEGRAM_URL!;
const TOKEN = '7000000001:AAFakeSalaBotTokenForTestsOnly000001';
const GROUP = { id: -1001234567890, type: 'supergroup', title: 'Grade 8B guardians' };

interface Delivered {
  chatId: number;
  text: string;
  key: string | null;
}

async function delivered(page: Page): Promise<Delivered[]> {
  return (await (await page.request.get(`${telegram}/_fake/delivered`)).json()) as Delivered[];
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** A message in the group, as Telegram hands it to the bot. */
const groupMessage = (text: string) => ({
  message: {
    message_id: Math.floor(Math.random() * 1e6),
    date: Math.floor(Date.now() / 1000),
    chat: GROUP,
    from: { id: 555001, is_bot: false, first_name: 'Sokha' },
    text,
    entities: [{ type: 'bot_command', offset: 0, length: '/link'.length }],
  },
});

test('an administrator connects the bot, links a class group and its absences reach it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.request.post(`${telegram}/_fake/reset`);
  await signInAsAdmin(page);

  // Not set up yet: the page says how to get a token; a wrong one is refused, translated.
  await page.goto('/telegramSetup');
  await expect(page.getByText(/BotFather/).first()).toBeVisible();
  const tokenField = page.getByLabel(/^(Bot token|.*token.*)$/i).first();
  await tokenField.fill('7000000001:AAThisTokenIsNotTheRightOne00000000');
  await page.getByRole('button', { name: /Check and save|ពិនិត្យ/ }).click();
  await expect(page.getByText(/did not accept this token|មិនទទួលយក token/)).toBeVisible();

  // Telegram out of the server's reach, then this device offline: two different answers, one
  // about the server, one about the device.
  await tokenField.fill(TOKEN);
  await page.request.post(`${telegram}/_fake/fail`, {
    data: { method: 'getMe', failure: { status: 500, description: 'Internal Server Error' } },
  });
  await page.getByRole('button', { name: /Check and save|ពិនិត្យ/ }).click();
  await expect(
    page.getByText(/^(The Sala server could not reach Telegram|ម៉ាស៊ីនមេ Sala មិនអាចភ្ជាប់ទៅ Telegram)/),
  ).toBeVisible();
  // The connection drops as the request leaves (the browser still thinks it is online: offline,
  // the app waits for the connection instead of sending).
  const botPath = `**${endpoints.putTelegramBot.path}`;
  await page.route(botPath, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /Check and save|ពិនិត្យ/ }).click();
  await expect(
    page.getByText(/^(This device could not reach the Sala server|ឧបករណ៍នេះមិនអាចភ្ជាប់ទៅម៉ាស៊ីនមេ Sala)/),
  ).toBeVisible();
  await page.unroute(botPath);

  await page.getByRole('button', { name: /Check and save|ពិនិត្យ/ }).click();
  await expect(page.getByText('@sala_test_bot').first()).toBeVisible();

  // The token went to the server once and never comes back from it.
  const setup = await api<TelegramSetup>(page, endpoints.getTelegramSetup.path);
  expect(setup.configured).toBe(true);
  expect(JSON.stringify(setup)).not.toContain(TOKEN.split(':')[1]);
  await expect(page.locator('body')).not.toContainText(TOKEN.split(':')[1]!);

  // The class page gives a one-time code; the group sends /link CODE to the bot.
  const classes = await api<AttendanceClassesResponse>(page, endpoints.getAttendanceClasses.path);
  const grade8B = classes.items.find((c) => c.nameEn === 'Grade 8B')!;
  await page.goto(`/class/${grade8B.id}`);
  const section = page.getByRole('region', { name: /Telegram group|ក្រុម Telegram/ });
  await section.getByRole('button', { name: /Link a Telegram group|ភ្ជាប់ក្រុម Telegram/ }).click();
  const command = (await page
    .getByLabel(/Command to send|ពាក្យបញ្ជា/)
    .first()
    .textContent())!;
  expect(command).toMatch(/^\/link [A-Z0-9]{8}$/);
  await page.request.post(`${telegram}/_fake/updates`, {
    data: { token: TOKEN, update: groupMessage(command) },
  });

  // The bot answers in the group, and the class page lists the group.
  await expect
    .poll(async () => (await delivered(page)).filter((m) => m.chatId === GROUP.id).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await page.reload();
  await expect(section.getByText(GROUP.title)).toBeVisible();

  // A test message from the setup page arrives, and the page shows it sent.
  await page.goto('/telegramSetup');
  const chats = page.getByRole('region', { name: /Linked chats|ជជែកដែលបានភ្ជាប់/ });
  await expect(chats.getByText(GROUP.title)).toBeVisible();
  const testForm = page.getByRole('region', { name: /Send a test message|សារសាកល្បង/ });
  await testForm.getByRole('button', { name: /Chat|ជជែក/ }).click();
  await page.getByRole('option', { name: new RegExp(GROUP.title) }).click();
  await testForm.getByRole('button', { name: /Send test|ផ្ញើសារសាកល្បង/ }).click();
  await expect
    .poll(async () => (await delivered(page)).filter((m) => m.chatId === GROUP.id).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(1);
  const sends = page.getByRole('region', { name: /Recent sends|ការផ្ញើថ្មីៗ/ });
  await expect(sends.getByText(/Test message|សារសាកល្បង/).first()).toBeVisible({
    timeout: 20_000,
  });

  // Attendance of 8B is saved with one student absent: the group is told, once, by name.
  await page.goto('/attendance');
  await page.getByRole('button', { name: /(Class|ថ្នាក់)$/ }).click();
  await page.getByRole('option', { name: /Grade 8B|ថ្នាក់ទី៨B/ }).click();
  const roster = page.getByRole('list', { name: /Students of|សិស្សនៃ/ });
  const first = roster.getByRole('radiogroup').first();
  await first
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }) })
    .click();
  await page.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }).click();
  await expect(page.getByText(/^(Saved|បានរក្សាទុក)$/)).toBeVisible();

  const query = new URLSearchParams({
    classId: grade8B.id,
    date: classes.today,
    session: grade8B.session,
  });
  const { sheet } = await api<{ sheet: AttendanceSheet }>(
    page,
    `${endpoints.getAttendanceSheet.path}?${query}`,
  );
  const absent = sheet.rows.filter((row) => row.status === 'absent');
  expect(absent).toHaveLength(1);
  const names = [absent[0]!.student.nameEn, absent[0]!.student.nameKm].filter(Boolean);
  await expect
    .poll(
      async () =>
        (await delivered(page)).filter(
          (m) => m.chatId === GROUP.id && names.some((name) => m.text.includes(name)),
        ).length,
      { timeout: 20_000 },
    )
    .toBe(1);
});
