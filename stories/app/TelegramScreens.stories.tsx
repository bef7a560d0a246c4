import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ClassDetailPage from '../../packages/app/src/pages/class/ClassDetailPage.js';
import { UserProfilePage } from '../../packages/app/src/pages/profile/ProfilePage.js';
import TelegramSetupPage from '../../packages/app/src/pages/telegram/TelegramSetupPage.js';
import { AppFrame } from './AppFrame.js';
import { school } from './resultsHandlers.js';
import {
  GOOD_TOKEN,
  actions,
  as,
  bot,
  chats,
  chatsAnswer,
  configuredSetup,
  notConfiguredSetup,
  problemSetup,
  received,
  setupAnswer,
  setupFails,
  sevenA,
  telegramAdmin,
} from './telegramHandlers.js';
import { answer } from './answer.js';
import { failure } from './fixtures.js';

function Screen({ locale, path, width }: { locale: 'en' | 'km'; path: string; width?: number }) {
  return (
    <div style={width ? { width } : undefined}>
      <AppFrame
        locale={locale}
        signedIn
        path={path}
        routes={[
          { path: '/telegramSetup', element: <TelegramSetupPage /> },
          { path: '/class/:id', element: <ClassDetailPage /> },
          { path: '/userProfile', element: <UserProfilePage /> },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'App/Telegram',
  component: Screen,
  args: { locale: 'en', path: '/telegramSetup' },
  parameters: {
    layout: 'padded',
    msw: { handlers: [as(telegramAdmin), setupAnswer(configuredSetup), ...actions] },
  },
  beforeEach: () => {
    received.length = 0;
  },
  render: (args, { globals }) => (
    <Screen {...args} locale={globals.locale === 'km' ? 'km' : 'en'} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const botHeading = /^(The school's bot|បូតរបស់សាលា)$/;

/** No bot yet: the BotFather steps, and the token field. */
export const NotConfigured: Story = {
  parameters: {
    msw: { handlers: [as(telegramAdmin), setupAnswer(notConfiguredSetup), ...actions] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: botHeading })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: '@BotFather' })).toHaveAttribute(
      'href',
      'https://t.me/BotFather',
    );
    await expect(canvas.getByText(/\/newbot/)).toBeInTheDocument();
    await expect(canvas.getByLabelText(/^(Bot token|តូខឹនរបស់បូត)/)).toHaveAttribute(
      'type',
      'password',
    );
    // Nothing to notify or link before there is a bot.
    await expect(canvas.queryByRole('heading', { name: /Linked chats|ជជែកដែលបានភ្ជាប់/ })).toBeNull();
  },
};

/** A token of the wrong shape is refused here; a well-formed one Telegram refuses, translated. */
export const TokenRejected: Story = {
  parameters: NotConfigured.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText(/^(Bot token|តូខឹនរបស់បូត)/);
    const save = canvas.getByRole('button', { name: /Check and save|ពិនិត្យ និងរក្សាទុក/ });
    await userEvent.type(field, 'not a token');
    await userEvent.click(save);
    await expect(
      await canvas.findByText(/bot’s number, a colon|លេខរបស់ bot សញ្ញាចុចពីរ/),
    ).toBeInTheDocument();
    await expect(received).toHaveLength(0);
    await userEvent.clear(field);
    await userEvent.type(field, '7012345678:AAHwrongwrongwrongwrongwrong');
    await userEvent.click(save);
    await expect(
      await canvas.findByText(/Telegram did not accept this token|Telegram មិនទទួលយក token នេះទេ/),
    ).toBeInTheDocument();
    await expect(received).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: { token: '7012345678:AAHwrongwrongwrongwrongwrong' },
      }),
    ]);
  },
};

/** The good token: the server answers with the bot, named in the toast. */
export const TokenAccepted: Story = {
  parameters: NotConfigured.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^(Bot token|តូខឹនរបស់បូត)/), GOOD_TOKEN);
    await userEvent.click(canvas.getByRole('button', { name: /Check and save|ពិនិត្យ និងរក្សាទុក/ }));
    await expect(await screen.findByText(new RegExp(`@${bot.username}`))).toBeInTheDocument();
  },
};

/** A working bot: its link, notices, linked chats, a test message, and the latest sends. */
export const Configured: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: `t.me/${bot.username}` })).toHaveAttribute(
      'href',
      `https://t.me/${bot.username}`,
    );
    await expect(canvas.getByText(/^polling$/)).toBeInTheDocument();
    const chatList = canvas.getByRole('list', { name: /^(Linked chats|ជជែកដែលបានភ្ជាប់)$/ });
    await expect(within(chatList).getAllByRole('listitem')).toHaveLength(chats.length);
    await expect(within(chatList).getByText(/^(Blocked|ត្រូវបានបិទ)$/)).toBeInTheDocument();
    const sendList = canvas.getByRole('list', { name: /^(Recent sends|សារដែលបានផ្ញើថ្មីៗ)$/ });
    await expect(
      within(sendList).getByText(/bot was kicked from the group chat/),
    ).toBeInTheDocument();
    await userEvent.click(
      within(sendList).getByRole('button', { name: /(Send again|ផ្ញើម្ដងទៀត): Grade 8B families/ }),
    );
    await waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({ method: 'POST', path: expect.stringMatching(/\/retry$/) }),
      ),
    );
  },
};

/** The test message goes to the chosen active chat; blocked and gone ones are not offered. */
export const SendTest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /(Chat|ជជែក)$/ }));
    const options = await screen.findAllByRole('option');
    await expect(options).toHaveLength(3);
    await userEvent.click(screen.getByRole('option', { name: /Parents of 7A/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(Send test|ផ្ញើសារសាកល្បង)$/ }));
    await expect(
      await screen.findByText(/Test message queued|សារសាកល្បងបានដាក់ក្នុងជួរ/),
    ).toBeInTheDocument();
    await expect(received).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { chatId: chats[1]!.id } }),
    );
  },
};

/** The setup cannot be read: a translated error and a way to try again. */
export const Failing: Story = {
  parameters: { msw: { handlers: [as(telegramAdmin), setupFails] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /Server error|មានបញ្ហាម៉ាស៊ីនមេ|ម៉ាស៊ីនមេ/,
    );
    await expect(canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ })).toBeEnabled();
  },
};

/** Telegram refused the bot (a revoked token): said at the top, with what to do. */
export const Problem: Story = {
  parameters: { msw: { handlers: [as(telegramAdmin), setupAnswer(problemSetup), ...actions] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(/the bot token was revoked/);
    await expect(alert).toHaveTextContent(/Telegram reported a problem|តេឡេក្រាមបានរាយការណ៍បញ្ហា/);
    await expect(canvas.getByText(/webhook/)).toBeInTheDocument();
  },
};

/** Linking the office group: a one-time `/link CODE` to send in the group, with its steps. */
export const LinkOfficeGroup: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Link the office group|ភ្ជាប់ក្រុមការិយាល័យ)$/ }),
    );
    const panel = await canvas.findByRole('region', { name: /How to link|របៀបភ្ជាប់/ });
    await expect(within(panel).getByText('/link K7Q2M9XD')).toBeInTheDocument();
    await expect(panel).toHaveTextContent(`@${bot.username}`);
    await expect(within(panel).getByRole('button', { name: /Copy|ចម្លង/ })).toBeVisible();
    await expect(received).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { purpose: 'office' } }),
    );
  },
};

/** One's own chat: a deep link to open in Telegram, also as plain text to copy. */
export const LinkOwnChat: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Link my own chat|ភ្ជាប់ជជែកផ្ទាល់ខ្លួនរបស់ខ្ញុំ)$/ }),
    );
    const panel = await canvas.findByRole('region', { name: /How to link|របៀបភ្ជាប់/ });
    const deepLink = `https://t.me/${bot.username}?start=P4TR8WNE`;
    await expect(
      within(panel).getByRole('link', { name: /Open in Telegram|បើកក្នុងតេឡេក្រាម/ }),
    ).toHaveAttribute('href', deepLink);
    await expect(within(panel).getByText(deepLink)).toBeInTheDocument();
  },
};

/** At 360 px: every section one under the other, rows wrapping, nothing cut. */
export const OnPhone: Story = {
  args: { width: 360 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chatList = await canvas.findByRole('list', {
      name: /^(Linked chats|ជជែកដែលបានភ្ជាប់)$/,
    });
    const page = canvasElement.firstElementChild as HTMLElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
    // The picture shows the chats' rows, wrapped under their titles.
    chatList.scrollIntoView({ block: 'start' });
  },
};

const noRows = { items: [], total: 0, page: 1, pageSize: 100 };
const classPage = [
  as(telegramAdmin),
  answer('getSchoolClass', () => ({
    schoolClass: {
      ...sevenA,
      yearId: sevenA.id,
      gradeLevel: { id: sevenA.id, number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7' },
      section: 'A',
      homeroomTeacher: null,
      room: 'A101',
      session: 'morning' as const,
      capacity: 45,
      studentCount: 0,
      femaleCount: 0,
      version: 1,
      updatedAt: '2026-11-02T01:00:00.000Z',
    },
  })),
  answer('getStudents', () => noRows),
  answer('getTeachingAssignments', () => ({ items: [] })),
  answer('getTimetable', () => ({ items: [] })),
  school,
  ...actions,
];

/** Waits for the class page's own cards (roster, teachers, timetable) to show they are empty. */
async function classPageLoaded(canvas: ReturnType<typeof within>) {
  await canvas.findByText(/^(No students in this class yet\.|មិនទាន់មានសិស្សក្នុងថ្នាក់នេះនៅឡើយទេ។)$/);
  await canvas.findByText(
    /^(No teacher is assigned to this class yet\.|មិនទាន់មានគ្រូបង្រៀនសម្រាប់ថ្នាក់នេះនៅឡើយទេ។)$/,
  );
  await canvas.findByText(/^(This class has no timetable yet\.|ថ្នាក់នេះមិនទាន់មានកាលវិភាគនៅឡើយទេ។)$/);
}

/** A class's page: its linked group, and a code to link another with `/link CODE`. */
export const ClassGroup: Story = {
  args: { path: `/class/${sevenA.id}` },
  parameters: {
    msw: {
      handlers: [
        ...classPage,
        chatsAnswer({ configured: true, botUsername: bot.username, items: [chats[1]!] }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: /^(Telegram group|ក្រុមតេឡេក្រាម)$/ });
    await expect(within(section).getByText('Parents of 7A')).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: /Link a Telegram group|ភ្ជាប់ក្រុមតេឡេក្រាម/ }),
    );
    await expect(await within(section).findByText('/link P4TR8WNE')).toBeInTheDocument();
    await expect(received).toContainEqual(
      expect.objectContaining({ body: { purpose: 'class', classId: sevenA.id } }),
    );
  },
};

/** No bot yet: the class page says so, and sends those who may set it up to the setup page. */
export const ClassNotSetUp: Story = {
  args: { path: `/class/${sevenA.id}` },
  parameters: {
    msw: {
      handlers: [...classPage, chatsAnswer({ configured: false, botUsername: null, items: [] })],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', { name: /^(Telegram group|ក្រុមតេឡេក្រាម)$/ });
    await expect(section).toHaveTextContent(/not set up|មិនទាន់រៀបចំតេឡេក្រាម/);
    await expect(
      within(section).getByRole('link', { name: /Set up Telegram|រៀបចំតេឡេក្រាម/ }),
    ).toHaveAttribute('href', '/telegramSetup');
    await classPageLoaded(canvas);
  },
};

/** A user the server does not let link chats: the class page shows no Telegram part at all. */
export const ClassForbidden: Story = {
  args: { path: `/class/${sevenA.id}` },
  parameters: {
    msw: {
      handlers: [
        ...classPage,
        answer('getTelegramChats', () => failure(403, 'FORBIDDEN', 'Forbidden')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: /Grade 7A|ថ្នាក់ទី៧A/ });
    await waitFor(() => expect(received).toHaveLength(0));
    await expect(
      canvas.queryByRole('region', { name: /^(Telegram group|ក្រុមតេឡេក្រាម)$/ }),
    ).toBeNull();
  },
};

/** The profile's "My Telegram": one's linked chat, and a deep link to link another phone. */
export const ProfileMyTelegram: Story = {
  args: { path: '/userProfile' },
  parameters: {
    msw: {
      handlers: [
        as(telegramAdmin),
        answer('getOwnSessions', () => ({ sessions: [] })),
        chatsAnswer({ configured: true, botUsername: bot.username, items: [chats[3]!] }),
        ...actions,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = await canvas.findByRole('region', {
      name: /^(My Telegram|តេឡេក្រាមរបស់ខ្ញុំ)$/,
    });
    await expect(within(section).getByText('Sok Dara')).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: /^(Link my Telegram|ភ្ជាប់តេឡេក្រាមរបស់ខ្ញុំ)$/ }),
    );
    await expect(
      await within(section).findByRole('link', { name: /Open in Telegram|បើកក្នុងតេឡេក្រាម/ }),
    ).toHaveAttribute('href', `https://t.me/${bot.username}?start=P4TR8WNE`);
    await expect(received).toContainEqual(
      expect.objectContaining({ method: 'POST', body: { purpose: 'staff' } }),
    );
    // The picture shows the section with its new link.
    section.scrollIntoView({ block: 'end' });
  },
};
