import type { AuditEntry, Role, Session, User } from '@sala/contract';
import { builtInRoles } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import RolesPage from '../../packages/app/src/pages/users/RolesPage.js';
import UserInfoPage from '../../packages/app/src/pages/users/UserInfoPage.js';
import UserListPage from '../../packages/app/src/pages/users/UserListPage.js';
import UserManagementPage from '../../packages/app/src/pages/users/UserManagementPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure, page } from './fixtures.js';
import { answer } from './answer.js';

const administrator = {
  ...storyUser,
  permissions: [
    'users.read:school',
    'users.manage:school',
    'roles.read:school',
    'roles.manage:school',
    'audit.read:school',
  ],
};

const id = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;

const role = (
  n: number,
  key: string,
  names: { km: string; en: string },
  permissions: readonly string[],
  userCount: number,
  tags: string[] = [],
): Role => ({
  id: id(50 + n),
  key,
  nameKm: names.km,
  nameEn: names.en,
  tags,
  permissions: [...permissions].sort(),
  system: key === 'admin',
  userCount,
});

const roles: Role[] = [
  role(1, 'admin', builtInRoles.admin.name, builtInRoles.admin.permissions, 1, ['teacher']),
  role(2, 'office', builtInRoles.office.name, builtInRoles.office.permissions, 1),
  role(3, 'teacher', builtInRoles.teacher.name, builtInRoles.teacher.permissions, 2, ['teacher']),
  role(4, 'librarian_1a2b3c', { km: 'បណ្ណារក្ស', en: 'Librarian' }, ['students.read:school'], 0),
];
const roleRef = (r: Role) => ({ id: r.id, key: r.key, nameKm: r.nameKm, nameEn: r.nameEn });

const user = (
  n: number,
  username: string,
  nameKm: string,
  nameEn: string,
  held: Role[],
  status: User['status'] = 'active',
  extra: Partial<User> = {},
): User => ({
  id: id(n),
  username,
  nameKm,
  nameEn,
  email: null,
  phone: null,
  gender: null,
  locale: 'km',
  avatarFileId: null,
  status,
  mustChangePassword: false,
  roles: held.map(roleRef),
  directPermissions: [],
  lastLoginAt: status === 'active' ? '2026-11-20T02:15:00.000Z' : null,
  createdAt: '2026-09-01T01:00:00.000Z',
  version: 1,
  ...extra,
});

const users: User[] = [
  user(1, 'admin', 'អ្នកគ្រប់គ្រង', 'Administrator', [roles[0]!]),
  user(2, 'sok.dara', 'សុខ ដារ៉ា', 'Sok Dara', [roles[2]!], 'active', {
    email: 'dara@example.edu.kh',
    phone: '+85512345678',
    gender: 'male',
    directPermissions: ['scores.publish:department'],
  }),
  user(3, 'chan.sreymom', 'ចាន់ ស្រីមុំ', 'Chan Sreymom', [roles[1]!], 'disabled'),
  user(4, 'ly.chantha', 'លី ចន្ថា', 'Ly Chantha', [roles[2]!], 'pending'),
];
const dara = users[1]!;

const sessions: Session[] = [
  {
    id: id(80),
    deviceId: 'd1',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    ip: '203.0.113.7',
    createdAt: '2026-11-18T01:00:00.000Z',
    lastUsedAt: '2026-11-20T02:15:00.000Z',
    expiresAt: '2026-12-18T01:00:00.000Z',
    current: false,
  },
  {
    id: id(81),
    deviceId: 'd2',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    ip: null,
    createdAt: '2026-11-10T01:00:00.000Z',
    lastUsedAt: '2026-11-19T08:40:00.000Z',
    expiresAt: '2026-12-10T01:00:00.000Z',
    current: false,
  },
];

const audit: AuditEntry[] = [
  {
    id: id(90),
    actorId: users[0]!.id,
    actorName: 'Administrator',
    action: 'user.permissions',
    entity: 'user',
    entityId: dara.id,
    before: { ...dara, directPermissions: [] },
    after: dara,
    at: '2026-11-20T03:00:00.000Z',
    requestId: null,
  },
  {
    id: id(91),
    actorId: users[0]!.id,
    actorName: 'Administrator',
    action: 'user.roles',
    entity: 'user',
    entityId: dara.id,
    before: { ...dara, roles: [] },
    after: dara,
    at: '2026-11-19T03:00:00.000Z',
    requestId: null,
  },
  {
    id: id(92),
    actorId: users[0]!.id,
    actorName: 'Administrator',
    action: 'user.update',
    entity: 'user',
    entityId: dara.id,
    before: { ...dara, phone: null },
    after: dara,
    at: '2026-11-18T03:00:00.000Z',
    requestId: null,
  },
  {
    id: id(93),
    actorId: users[0]!.id,
    actorName: 'Administrator',
    action: 'user.create',
    entity: 'user',
    entityId: dara.id,
    before: null,
    after: { ...dara, roles: [] },
    at: '2026-09-01T01:00:00.000Z',
    requestId: null,
  },
];

const profile = answer('postProfile', () => ({ user: administrator }));
const rolesOk = answer('getRoles', () => ({ roles }));
const usersOk = answer('getUsers', () => page(users));
const oneUser = answer('getUser', ({ params }) => {
  const found = users.find((u) => u.id === params.id);
  return found ? { user: found } : failure(404, 'NOT_FOUND', 'Not found');
});
const sessionsOk = answer('getUserSessions', () => ({ sessions }));
const auditOk = answer('getAudit', ({ query }) => {
  const by = query.get('actorId');
  return { ...page(by ? [] : audit), pageSize: 10 };
});
const everything = [profile, rolesOk, usersOk, oneUser, sessionsOk, auditOk];

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/users', element: <UserListPage /> },
        { path: '/users/userManagement', element: <UserManagementPage /> },
        { path: '/users/userManagement/info', element: <UserInfoPage /> },
        { path: '/userPrivillege/userManagement', element: <RolesPage /> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Users',
  component: Screen,
  args: { locale: 'en', path: '/users' },
  parameters: { layout: 'padded', msw: { handlers: everything } },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const infoPath = `/users/userManagement/info?id=${dara.id}`;

/** The school's accounts with their roles, status and last sign-in. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('sok.dara')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(users.length + 1);
    await expect(
      canvas.getByRole('link', { name: /^(Open|បើក) (Sok Dara|សុខ ដារ៉ា)$/ }),
    ).toHaveAttribute('href', infoPath);
  },
};

/** A school with no account matching: the table says so. */
export const ListEmpty: Story = {
  parameters: {
    msw: {
      handlers: [profile, rolesOk, answer('getUsers', () => page([]))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No accounts yet|មិនទាន់មានគណនីនៅឡើយទេ/)).toBeInTheDocument();
  },
};

/** The server cannot answer: the table says so and offers to try again. */
export const ListFails: Story = {
  parameters: {
    msw: { handlers: [profile, rolesOk, answer('getUsers', serverError)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/),
    ).toBeInTheDocument();
  },
};

/** A slow network: the table shows it is loading. */
export const ListSlow: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        rolesOk,
        answer('getUsers', async () => {
          await delay('infinite');
          return page(users);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('sok.dara')).not.toBeInTheDocument();
  },
};

/** The management list: each account with its edit, password and status actions. */
export const Management: Story = {
  args: { path: '/users/userManagement' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('sok.dara')).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /^(Approve|អនុម័ត) (Ly Chantha|លី ចន្ថា)$/ }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /^(Enable|បើកគណនី) (Chan Sreymom|ចាន់ ស្រីមុំ)/ }),
    ).toBeInTheDocument();
  },
};

/** Creating an account whose username is taken: the refusal is shown on the field. */
export const CreateUsernameTaken: Story = {
  args: { path: '/users/userManagement' },
  parameters: {
    msw: {
      handlers: [
        ...everything,
        answer('postUsers', () =>
          failure(409, 'ACCOUNT_EXISTS', 'A user with this username already exists', {
            username: ['ACCOUNT_EXISTS'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /New account|គណនីថ្មី/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^(Username|ឈ្មោះអ្នកប្រើ)/ }),
      'sok.dara',
    );
    await userEvent.type(
      within(dialog).getByLabelText(/^(First password|ពាក្យសម្ងាត់ដំបូង)/),
      'long enough password',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Teacher|គ្រូបង្រៀន/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Create account|បង្កើតគណនី/ }));
    // Next to the field, and in the summary at the top that links to it.
    const username = within(dialog).getByRole('textbox', { name: /^(Username|ឈ្មោះអ្នកប្រើ)/ });
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(/already exists|មានអ្នកប្រើប្រាស់ដែលមានឈ្មោះអ្នកប្រើ/),
    );
    const summary = within(dialog).getByRole('alert');
    await expect(summary).toHaveFocus();
    await expect(
      within(summary).getByRole('link', {
        name: /already exists|មានអ្នកប្រើប្រាស់ដែលមានឈ្មោះអ្នកប្រើ/,
      }),
    ).toBeVisible();
  },
};

/** Disabling the only administrator: asked first, then the server's refusal is shown. */
export const DisableLastAdminRefused: Story = {
  args: { path: '/users/userManagement' },
  parameters: {
    msw: {
      handlers: [
        ...everything,
        answer('postUserStatus', () =>
          failure(409, 'LAST_ADMIN', 'The school must keep at least one active administrator'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Disable|បិទ) (Administrator|អ្នកគ្រប់គ្រង)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: /\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Disable|បិទ)$/ }));
    await waitFor(() =>
      expect(
        screen.getAllByText(/at least one active administrator|អ្នកគ្រប់គ្រងសកម្មយ៉ាងហោចណាស់ម្នាក់/).length,
      ).toBeGreaterThan(0),
    );
  },
};

/** One account: details, roles, and the permissions given directly with their scopes. */
export const Info: Story = {
  args: { path: infoPath },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('dara@example.edu.kh')).toBeInTheDocument();
    await expect(
      await canvas.findByRole('checkbox', { name: /^(Teacher|គ្រូបង្រៀន)$/ }),
    ).toBeChecked();
  },
};

/** Giving a permission directly at a scope, then saving it. */
export const InfoPermissionEditor: Story = {
  args: { path: infoPath },
  parameters: {
    msw: {
      handlers: [
        ...everything,
        answer('putUserPermissions', ({ body }) => {
          return { user: { ...dara, directPermissions: body.permissions } };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(How far|វិសាលភាព).*(See students|មើលសិស្ស)/ }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /^(Department|ដេប៉ាតឺម៉ង់)$/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(Save permissions|រក្សាទុកសិទ្ធិ)$/ }));
    await waitFor(() =>
      expect(
        screen.getAllByText(/permissions of Sok Dara are saved|បានរក្សាទុកសិទ្ធិរបស់ សុខ ដារ៉ា/).length,
      ).toBeGreaterThan(0),
    );
  },
};

/** Someone else changed the account's access meanwhile: the second save is refused and says so. */
export const InfoPermissionsConflict: Story = {
  args: { path: infoPath },
  parameters: {
    msw: {
      handlers: [
        ...everything,
        answer('putUserPermissions', () =>
          failure(
            409,
            'VERSION_CONFLICT',
            'Someone else changed this record while you were editing it.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /(How far|វិសាលភាព).*(See students|មើលសិស្ស)/ }),
    );
    await userEvent.click(await screen.findByRole('option', { name: /^(Department|ដេប៉ាតឺម៉ង់)$/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^(Save permissions|រក្សាទុកសិទ្ធិ)$/ }));
    await expect(
      await canvas.findByText(/Someone else changed this record|មានអ្នកផ្សេងបានកែប្រែកំណត់ត្រានេះ/),
    ).toBeInTheDocument();
  },
};

/** Taking the administrator role from the last administrator: the refusal is explained. */
export const InfoRolesRefused: Story = {
  args: { path: `/users/userManagement/info?id=${users[0]!.id}` },
  parameters: {
    msw: {
      handlers: [
        ...everything,
        answer('putUserRoles', () =>
          failure(409, 'LAST_ADMIN', 'The school must keep at least one active administrator'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('checkbox', { name: /^(Administrator|អ្នកគ្រប់គ្រង)$/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Save roles|រក្សាទុកតួនាទី)$/ }));
    await expect(
      await canvas.findByText(/at least one active administrator|អ្នកគ្រប់គ្រងសកម្មយ៉ាងហោចណាស់ម្នាក់/),
    ).toBeInTheDocument();
  },
};

/** The devices the account is signed in on, each with its own sign-out. */
export const InfoDevices: Story = {
  args: { path: infoPath },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('tab', { name: /Signed-in devices|ឧបករណ៍ដែលបានចូលគណនី/ }),
    );
    await expect(await canvas.findByText('Chrome · Android')).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /(Sign out|ចាកចេញ) Chrome · Windows/ }),
    ).toBeInTheDocument();
  },
};

/** The history of the account: who gave which permission and role, and when. */
export const InfoHistory: Story = {
  args: { path: infoPath },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: /^(History|ប្រវត្តិ)$/ }));
    await expect(
      await canvas.findByText(/^(Permissions changed|បានផ្លាស់ប្ដូរសិទ្ធិ)$/),
    ).toBeInTheDocument();
    await expect(canvas.getByText(/Publish scores|ផ្សព្វផ្សាយពិន្ទុ/)).toBeInTheDocument();
  },
};

/** The page opened without an account: it says which to choose and leads back. */
export const InfoWithoutAccount: Story = {
  args: { path: '/users/userManagement/info' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No account chosen|មិនទាន់បានជ្រើសគណនីទេ/),
    ).toBeInTheDocument();
  },
};

/** An account that does not exist (any more). */
export const InfoUnknownAccount: Story = {
  args: { path: `/users/userManagement/info?id=${id(99)}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/This account does not exist|គណនីនេះមិនមានទេ/),
    ).toBeInTheDocument();
  },
};

/** The account cannot be loaded: the page says so and offers to try again. */
export const InfoFails: Story = {
  args: { path: infoPath },
  parameters: { msw: { handlers: [profile, rolesOk, answer('getUser', serverError)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/),
    ).toBeInTheDocument();
  },
};

/** A slow network: the account's card shows it is loading. */
export const InfoSlow: Story = {
  args: { path: infoPath },
  parameters: {
    msw: {
      handlers: [
        profile,
        rolesOk,
        answer('getUser', async () => {
          await delay('infinite');
          return { user: dara };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('sok.dara')).not.toBeInTheDocument();
  },
};

/** The roles with how many permissions and accounts each has. */
export const Roles: Story = {
  args: { path: '/userPrivillege/userManagement' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^(Librarian|បណ្ណារក្ស)$/)).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(roles.length + 1);
  },
};

/** No roles at all (a school being set up). */
export const RolesEmpty: Story = {
  args: { path: '/userPrivillege/userManagement' },
  parameters: {
    msw: { handlers: [profile, answer('getRoles', () => ({ roles: [] }))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No roles yet|មិនទាន់មានតួនាទីនៅឡើយទេ/)).toBeInTheDocument();
  },
};

/** The roles cannot be loaded. */
export const RolesFail: Story = {
  args: { path: '/userPrivillege/userManagement' },
  parameters: { msw: { handlers: [profile, answer('getRoles', serverError)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/),
    ).toBeInTheDocument();
  },
};

/** A slow network: the roles table shows it is loading. */
export const RolesSlow: Story = {
  args: { path: '/userPrivillege/userManagement' },
  parameters: {
    msw: {
      handlers: [
        profile,
        answer('getRoles', async () => {
          await delay('infinite');
          return { roles };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText(/^(Librarian|បណ្ណារក្ស)$/)).not.toBeInTheDocument();
  },
};

/** The role editor: names, the teacher tag, and a scope for each permission. */
export const RoleEditor: Story = {
  args: { path: '/userPrivillege/userManagement' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Edit|កែប្រែ) (Librarian|បណ្ណារក្ស)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(
      within(dialog).getByRole('button', {
        name: /^(?=.*(How far|វិសាលភាព))(?=.*(See students|មើលសិស្ស))(?=.*(Whole school|សាលារៀនទាំងមូល))/,
      }),
    ).toBeInTheDocument();
  },
};

/** Deleting a role accounts still hold: asked first, then the refusal is shown. */
export const RoleDeleteRefused: Story = {
  args: { path: '/userPrivillege/userManagement' },
  parameters: {
    msw: {
      handlers: [
        profile,
        rolesOk,
        answer('deleteRole', () =>
          failure(409, 'ROLE_IN_USE', 'This role is still given to some users'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Delete|លុប) (Teacher|គ្រូបង្រៀន)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: /\?$/ });
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(
        screen.getAllByText(/still given to some users|នៅតែផ្ដល់ឱ្យអ្នកប្រើប្រាស់មួយចំនួន/).length,
      ).toBeGreaterThan(0),
    );
  },
};
