import type { Department, Employee, ImportResult, StatusChange, User } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';

import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import StaffDetailPage from '../../packages/app/src/pages/staff/StaffDetailPage.js';
import StaffListPage from '../../packages/app/src/pages/staff/StaffListPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, failure, page } from './fixtures.js';
import { answer } from './answer.js';
import { stateStories } from './states.js';

const manager = {
  ...storyUser,
  permissions: [
    'employees.read:school',
    'employees.manage:school',
    'departments.read:school',
    'users.read:school',
  ],
};

const uuid = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;

const maths = { id: uuid(2, 1), nameKm: 'គណិតវិទ្យា', nameEn: 'Mathematics' };
const office = { id: uuid(2, 2), nameKm: 'ការិយាល័យ', nameEn: 'Office' };
const departments: Department[] = [
  { ...maths, code: 'MATH', staffCount: 3, subjectCount: 1 },
  { ...office, code: 'OFF', staffCount: 1, subjectCount: 0 },
].map((d) => ({
  ...d,
  description: '',
  head: null,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
}));

const person = (
  n: number,
  nameKm: string,
  nameEn: string,
  fields: Partial<Employee> = {},
): Employee => ({
  id: uuid(5, n),
  code: `T-${String(n).padStart(3, '0')}`,
  nameKm,
  nameEn,
  gender: 'female',
  birthDate: '1988-04-12',
  birthPlace: 'ខេត្តកំពត',
  phone: '+85512345678',
  email: null,
  photoFileId: null,
  department: maths,
  position: 'គ្រូបង្រៀន',
  hireDate: '2015-10-01',
  workingStatus: 'working',
  maritalStatus: 'married',
  nssfType: 'in_system',
  nssfNumber: '1002003004',
  nationalId: '010203040',
  user: null,
  version: 3,
  updatedAt: '2026-11-02T01:00:00.000Z',
  ...fields,
});

const staff: Employee[] = [
  person(1, 'ចាន់ សុភា', 'Chan Sophea', {
    email: 'sophea@example.edu.kh',
    user: { id: uuid(7, 1), username: 'sophea' },
  }),
  person(2, 'ហេង វិចិត្រ', 'Heng Vichet', { gender: 'male', phone: '+85597765432' }),
  person(3, 'គឹម ស្រីនាង', 'Kim Sreyneang', {
    department: office,
    position: 'បេឡាករ',
    phone: '+85516888999',
    workingStatus: 'resigned',
  }),
  person(4, 'ពេជ្រ រតនា', 'Pich Rathana', {
    gender: 'male',
    phone: null,
    workingStatus: 'expired',
  }),
];

const history: StatusChange[] = [
  {
    id: uuid(8, 2),
    fromStatus: 'working',
    toStatus: 'resigned',
    effectiveDate: '2026-09-30',
    note: 'ផ្លាស់ទៅរស់នៅខេត្តសៀមរាប',
    changedBy: { id: storyUser.id, username: 'admin' },
    createdAt: '2026-09-20T03:00:00.000Z',
  },
  {
    id: uuid(8, 1),
    fromStatus: null,
    toStatus: 'working',
    effectiveDate: '2015-10-01',
    note: 'Imported',
    changedBy: { id: storyUser.id, username: 'admin' },
    createdAt: '2026-01-10T03:00:00.000Z',
  },
];

const profile = answer('postProfile', () => ({ user: manager }));
const departmentList = answer('getDepartments', () => page(departments));
const accounts: User[] = [
  {
    id: uuid(7, 1),
    username: 'sophea',
    nameKm: 'ចាន់ សុភា',
    nameEn: 'Chan Sophea',
    email: null,
    phone: null,
    gender: 'female',
    locale: 'km',
    avatarFileId: null,
    status: 'active',
    mustChangePassword: false,
    roles: [],
    directPermissions: [],
    lastLoginAt: null,
    createdAt: '2026-01-10T03:00:00.000Z',
    version: 1,
  },
];
const accountList = answer('getUsers', () => page(accounts));
const common = [profile, departmentList, accountList];
const staffList = answer('getEmployees', () => page(staff));

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/staff', element: <StaffListPage /> },
        { path: '/staff/:id', element: <StaffDetailPage /> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Staff',
  component: Screen,
  args: { locale: 'en', path: '/staff' },
  parameters: {
    layout: 'padded',
    msw: { handlers: [...common, staffList] },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Staff with their department, position, phone in the national format and working status. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('T-001')).toBeInTheDocument();
    await expect(canvas.getByText('012 345 678')).toBeInTheDocument();
    await expect(canvas.getAllByText(/Contract ended|ផុតកិច្ចសន្យា/).length).toBeGreaterThan(0);
    await expect(canvas.getAllByRole('row')).toHaveLength(staff.length + 1);
    await expect(canvas.getByRole('button', { name: /^(Export|នាំចេញ)$/ })).toBeInTheDocument();
  },
};

const listStates = stateStories('getEmployees', { handlers: common });

/** A new school: the list says how to add staff. */
export const Empty: Story = listStates.empty(page([]), /No staff yet|មិនទាន់មានបុគ្គលិកនៅឡើយទេ/);

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = listStates.failing();

/** A slow network: the table shows it is loading. */
export const Slow: Story = listStates.slow(async (canvas) => {
  await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
  await expect(canvas.queryByText('T-001')).not.toBeInTheDocument();
});

/** Creating a staff member with a code already used: the code field says so. */
export const CreateCodeTaken: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        staffList,
        answer('postEmployees', () =>
          failure(409, 'CODE_EXISTS', 'This code is already used in the school', {
            code: ['CODE_EXISTS'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /New staff member|បុគ្គលិកថ្មី/ }));
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog);
    await userEvent.type(form.getByRole('textbox', { name: /^(Code|លេខកូដ)/ }), 'T-001');
    await userEvent.type(form.getAllByRole('textbox', { name: /Khmer|ខ្មែរ/ })[0]!, 'សុខ ដារ៉ា');
    await userEvent.click(form.getByRole('button', { name: /Create staff member|បង្កើតបុគ្គលិក/ }));
    // Next to the field, and in the summary at the top that links to it.
    const code = form.getByRole('textbox', { name: /^(Code|លេខកូដ)/ });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ/),
    );
    const summary = form.getByRole('alert');
    await expect(summary).toHaveFocus();
    await expect(
      within(summary).getByRole('link', {
        name: /This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ/,
      }),
    ).toBeVisible();
  },
};

/** Someone else saved the same person meanwhile: the form says to reload. */
export const EditConflict: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        staffList,
        answer('patchEmployee', () =>
          failure(
            409,
            'VERSION_CONFLICT',
            'Someone else changed this record while you were editing it. Reload it and make your change again.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Edit|កែប្រែ) (Chan Sophea|ចាន់ សុភា)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }),
    );
    const refusal = await within(dialog).findByText(
      /Someone else changed this record|មានអ្នកផ្សេងបានកែប្រែ/,
    );
    await expect(refusal).toBeInTheDocument();
    // The refusal is what the screenshot shows, whatever the form scrolled to on submit.
    refusal.scrollIntoView({ block: 'end' });
  },
};

/** Deleting someone who still teaches: the server's reason is shown. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        staffList,
        answer('deleteEmployee', () =>
          failure(
            409,
            'EMPLOYEE_IN_USE',
            'This staff member still teaches, leads a department or is a homeroom teacher. Change that first.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Delete|លុប) (Chan Sophea|ចាន់ សុភា)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(
        screen.getByText(/still teaches, leads a department|នៅតែបង្រៀន ដឹកនាំដេប៉ាតឺម៉ង់/),
      ).toBeInTheDocument(),
    );
  },
};

/** A preview whose rows each carry every one of their problems, as the server says them. */
const previewWithErrors = (km: boolean): ImportResult => ({
  rows: 5,
  created: 2,
  updated: 1,
  committed: false,
  errors: [
    {
      row: 3,
      field: 'nameEn',
      column: km ? 'ឈ្មោះ (ឡាតាំង)' : 'Name (Latin)',
      code: 'TOO_LONG',
      params: { max: 200 },
      message: km ? 'សូមបញ្ចូលយ៉ាងច្រើន 200 តួអក្សរ' : 'Enter at most 200 characters',
    },
    {
      row: 3,
      field: 'gender',
      column: km ? 'ភេទ' : 'Gender',
      code: 'UNKNOWN_WORD',
      params: { words: 'Female, Male, Other / ស្រី, ប្រុស, ផ្សេងៗ' },
      message: 'Write one of: Female, Male, Other / ស្រី, ប្រុស, ផ្សេងៗ',
    },
    {
      row: 3,
      field: 'phone',
      column: km ? 'ទូរស័ព្ទ' : 'Phone',
      code: 'INVALID_PHONE',
      message: 'This phone number is not valid',
    },
    {
      row: 5,
      field: 'department',
      column: km ? 'លេខកូដដេប៉ាតឺម៉ង់' : 'Department code',
      code: 'INVALID_REFERENCE',
      message: 'A chosen record does not exist in this school',
    },
    {
      row: 5,
      field: 'hireDate',
      column: km ? 'ថ្ងៃចូលបម្រើការងារ' : 'Hire date',
      code: 'INVALID_DATE',
      message: 'Enter a date that exists, as YYYY-MM-DD',
    },
  ],
  preview: [
    { row: 2, code: 'T-010', nameKm: 'សុខ ដារ៉ា', nameEn: 'Sok Dara', action: 'create' },
    { row: 4, code: 'T-011', nameKm: 'មាស ស្រីពៅ', nameEn: 'Meas Sreypov', action: 'create' },
    { row: 6, code: 'T-001', nameKm: 'ចាន់ សុភា', nameEn: 'Chan Sophea', action: 'update' },
  ],
});

/** An import checked first: the counts, and each wrong row with its column and reason. */
export const ImportPreviewWithErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        staffList,
        answer('postEmployeesImport', ({ query, request }) =>
          query.get('confirm') === 'true'
            ? failure(400, 'IMPORT_INVALID', 'Some rows have errors')
            : previewWithErrors(request.headers.get('accept-language')?.startsWith('km') ?? false),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Import|នាំចូល)$/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['sheet'], 'staff.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const inDialog = within(dialog);
    await expect(
      await inDialog.findByText(
        /5 rows read: 2 new, 1 to update, 2 with errors|បានអាន ៥ ជួរ|បានអាន 5 ជួរ/,
      ),
    ).toBeInTheDocument();
    await expect(
      inDialog.getByText(/phone number is not valid|លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ/),
    ).toBeInTheDocument();
    // Every problem of a row, each with its column and why, the limit in the user's language.
    const errors = inDialog.getByRole('grid', { name: /rows with errors|ជួរដែលមានកំហុស/i });
    await expect(errors).toHaveTextContent(
      /Name \(Latin\): Enter at most 200 characters|ឈ្មោះ \(ឡាតាំង\): សូមបញ្ចូលយ៉ាងច្រើន 200 តួអក្សរ/,
    );
    await expect(errors).toHaveTextContent(/(Gender|ភេទ): (Write one of|សូមសរសេរពាក្យ)/);
    await expect(inDialog.getByRole('button', { name: /^(Import|នាំចូល)/ })).toBeDisabled();
  },
};

/** One staff member: their details, work, account and the history of their working status. */
export const DetailWithHistory: Story = {
  args: { path: `/staff/${staff[2]!.id}` },
  parameters: {
    msw: {
      handlers: [...common, answer('getEmployee', () => ({ employee: staff[2]!, history }))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Kim Sreyneang|គឹម ស្រីនាង/ }),
    ).toBeInTheDocument();
    const list = canvas.getByRole('list', { name: /Working history|ប្រវត្តិការងារ/ });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(within(list).getByText('ផ្លាស់ទៅរស់នៅខេត្តសៀមរាប')).toBeInTheDocument();
  },
};

/** Changing the working status: a date before the hire date is refused on its field. */
export const ChangeStatusRefused: Story = {
  args: { path: `/staff/${staff[0]!.id}` },
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getEmployee', () => ({ employee: staff[0]!, history: history.slice(1) })),
        answer('postEmployeeStatus', () =>
          failure(400, 'INVALID_DATE_RANGE', 'The end date must be after the start date', {
            effectiveDate: ['INVALID_DATE_RANGE'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Change status|ប្ដូរស្ថានភាព)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    // A fixed day (the field starts at today), so the screen is the same every day.
    fireEvent.change(within(dialog).getByLabelText(/^(From|ចាប់ពីថ្ងៃ)/), {
      target: { value: '2015-09-01' },
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: /^(Change status|ប្ដូរស្ថានភាព)$/ }),
    );
    await expect(
      await within(dialog).findByText(/before the hire date|មុនថ្ងៃចូលបម្រើការងារ/),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText(/^(From|ចាប់ពីថ្ងៃ)/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** An address that names no staff member: the page says so and leads back to the list. */
export const DetailNotFound: Story = {
  args: { path: '/staff/not-a-person' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: /Staff member not found|រកមិនឃើញបុគ្គលិក/,
      }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('link', { name: /Back to staff|ត្រឡប់ទៅបុគ្គលិក/ }),
    ).toBeInTheDocument();
  },
};
