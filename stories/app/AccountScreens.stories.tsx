import type {
  CreateStaffAccountsResponse,
  Employee,
  Role,
  StaffAccountsPreviewResponse,
} from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import ChangePasswordPage from '../../packages/app/src/pages/auths-password/ChangePasswordPage.js';
import SignInSlipsPage from '../../packages/app/src/pages/staff/SignInSlipsPage.js';
import { forgetNewAccounts } from '../../packages/app/src/pages/staff/newAccounts.js';
import StaffListPage from '../../packages/app/src/pages/staff/StaffListPage.js';
import { AppFrame, Landing } from './AppFrame.js';
import { storyUser, failure, page } from './fixtures.js';
import { answer } from './answer.js';

const uuid = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;

const office = {
  ...storyUser,
  permissions: [
    'employees.read:school',
    'employees.manage:school',
    'departments.read:school',
    'users.read:school',
    'users.manage:school',
    'roles.read:school',
  ],
};
/** A teacher who signed in with the temporary password of their slip. */
const newcomer = {
  ...storyUser,
  id: uuid(7, 9),
  username: 'sok.dara',
  nameKm: 'សុខ ដារា',
  nameEn: 'Sok Dara',
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: ['attendance.record:own'],
  mustChangePassword: true,
};

const person = (n: number, nameKm: string, nameEn: string, user: Employee['user'] = null) =>
  ({
    id: uuid(5, n),
    code: `T-${String(n).padStart(3, '0')}`,
    nameKm,
    nameEn,
    gender: 'female',
    birthDate: null,
    birthPlace: '',
    phone: null,
    email: null,
    photoFileId: null,
    department: null,
    position: 'គ្រូបង្រៀន',
    hireDate: null,
    workingStatus: 'working',
    maritalStatus: null,
    nssfType: null,
    nssfNumber: '',
    nationalId: '',
    user,
    version: 1,
    updatedAt: '2026-11-02T01:00:00.000Z',
  }) satisfies Employee;

const staff: Employee[] = [
  person(1, 'សុខ ដារា', 'SOK Dara'),
  person(2, 'ចាន់ សុភា', 'Chan Sophea'),
  person(3, 'ហេង វិចិត្រ', 'Heng Vichet', { id: uuid(7, 3), username: 'vichet' }),
];
const roles = [
  { key: 'admin', nameKm: 'អ្នកគ្រប់គ្រង', nameEn: 'Administrator' },
  { key: 'teacher', nameKm: 'គ្រូបង្រៀន', nameEn: 'Teacher' },
].map((role, n): Role => ({
  ...role,
  id: uuid(6, n + 1),
  tags: [],
  system: role.key === 'admin',
  permissions: [],
  userCount: 1,
}));
const preview: StaffAccountsPreviewResponse = {
  accounts: staff.map((e) => ({
    employeeId: e.id,
    code: e.code,
    nameKm: e.nameKm,
    nameEn: e.nameEn,
    username: e.user ? null : e.nameEn.toLowerCase().replace(' ', '.'),
    problem: e.user ? 'EMPLOYEE_HAS_ACCOUNT' : null,
    existingUsername: e.user?.username ?? null,
  })),
};
const created: CreateStaffAccountsResponse = {
  role: { id: roles[1]!.id, nameKm: 'គ្រូបង្រៀន', nameEn: 'Teacher' },
  accounts: staff.slice(0, 2).map((e, n) => ({
    employeeId: e.id,
    userId: uuid(7, n + 1),
    code: e.code,
    nameKm: e.nameKm,
    nameEn: e.nameEn,
    username: e.nameEn.toLowerCase().replace(' ', '.'),
    temporaryPassword: ['k7mp-x4ra-9tbe', 'h3wd-n8cz-q2pu'][n]!,
  })),
};
const officeHandlers = [
  answer('postProfile', () => ({ user: office })),
  answer('getDepartments', () => page([])),
  answer('getEmployees', () => page(staff)),
  answer('getRoles', () => ({ roles })),
  answer('postEmployeeAccountsPreview', () => preview),
  answer('postEmployeeAccounts', () => created),
];

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/staff', element: <StaffListPage /> },
        { path: '/staff/accounts', element: <SignInSlipsPage /> },
        { path: '/auths/password', element: <ChangePasswordPage /> },
        { path: '/attendance', element: <Landing>Attendance</Landing> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Accounts',
  component: Screen,
  args: { locale: 'en', path: '/staff' },
  parameters: { layout: 'padded', msw: { handlers: officeHandlers } },
  // The temporary passwords of a story's accounts stay with that story.
  beforeEach: () => forgetNewAccounts(),
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The office chooses staff on the list and makes their accounts in one step: a role, a rule for
 * the usernames (each can be changed); the slips with the temporary passwords open next.
 */
export const CreateAccounts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('vichet')).toBeInTheDocument();
    const rows = canvas.getAllByRole('checkbox', { name: /^(Select row|ជ្រើសរើសជួរនេះ)$/ });
    await userEvent.click(rows[0]!);
    await userEvent.click(rows[1]!);
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Create accounts|បង្កើតគណនី) \(2\)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(
      await within(dialog).findByRole('textbox', { name: /SOK Dara|សុខ ដារា/ }),
    ).toHaveValue('sok.dara');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /^(Create 2 accounts|បង្កើតគណនី 2)$/ }),
    );
    const slips = await canvas.findAllByRole('article');
    await expect(slips).toHaveLength(2);
    await expect(slips[0]!).toHaveTextContent('k7mp-x4ra-9tbe');
    await expect(within(slips[0]!).getByRole('img')).toBeInTheDocument();
  },
};

/** A username another account has: the server's refusal shows beside the person it names. */
export const UsernameTaken: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postEmployeeAccounts', () =>
          failure(409, 'ACCOUNT_EXISTS', 'taken', { 'accounts.1.username': ['ACCOUNT_EXISTS'] }),
        ),
        ...officeHandlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('vichet')).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('checkbox', { name: /^(Select all rows|ជ្រើសរើសជួរទាំងអស់)$/ }),
    );
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Create accounts|បង្កើតគណនី) \(3\)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await expect(
      await within(dialog).findByText(/Has an account already: vichet|មានគណនីរួចហើយ៖ vichet/),
    ).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: /^(Create 2 accounts|បង្កើតគណនី 2)$/ }),
    );
    await expect(
      await within(dialog).findByText(/already exists|មានអ្នកប្រើប្រាស់ដែលមាន/),
    ).toBeInTheDocument();
  },
};

/** The slips page opened again (a reload): the temporary passwords are gone, and it says why. */
export const SlipsGone: Story = {
  args: { path: '/staff/accounts' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No new accounts to print|គ្មានគណនីថ្មីសម្រាប់បោះពុម្ពទេ/),
    ).toBeInTheDocument();
  },
};

/**
 * A first sign-in with a temporary password: the policy is explained as the password is typed,
 * and the user goes on where they were going.
 */
export const ChangePassword: Story = {
  args: { path: '/auths/password?next=%2Fattendance' },
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: newcomer })),
        answer('postPassword', () => ({ success: true as const, message: 'ok' })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const temporary = await canvas.findByLabelText(/^(Temporary password|ពាក្យសម្ងាត់បណ្ដោះអាសន្ន)$/);
    await userEvent.type(temporary, 'k7mp-x4ra-9tbe');
    const fresh = canvas.getByLabelText(/^(New password|ពាក្យសម្ងាត់ថ្មី)$/);
    await userEvent.type(fresh, 'sok.dara-2026');
    const rules = canvas.getAllByRole('listitem');
    await expect(rules[0]!).toHaveTextContent(/done|រួចរាល់/);
    await expect(rules[2]!).toHaveTextContent(/not yet|មិនទាន់/);
    await userEvent.clear(fresh);
    await userEvent.type(fresh, 'rice fields of Kampot');
    await userEvent.type(
      canvas.getByLabelText(/^(New password again|ពាក្យសម្ងាត់ថ្មីម្ដងទៀត)$/),
      'rice fields of Kampot',
    );
    for (const rule of rules) await expect(rule).toHaveTextContent(/done|រួចរាល់/);
  },
};

/** The new password saved: on to the page the user was going to. */
export const ChangePasswordAndContinue: Story = {
  ...ChangePassword,
  play: async (context) => {
    await ChangePassword.play!(context);
    const canvas = within(context.canvasElement);
    await userEvent.click(
      canvas.getByRole('button', {
        name: /^(Save my password and continue|រក្សាទុកពាក្យសម្ងាត់ ហើយបន្ត)$/,
      }),
    );
    await expect(await canvas.findByText('Attendance')).toBeInTheDocument();
  },
};
