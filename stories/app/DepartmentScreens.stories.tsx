import type { Department } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import DepartmentCreatePage from '../../packages/app/src/pages/department/DepartmentCreatePage.js';
import DepartmentListPage from '../../packages/app/src/pages/department/DepartmentListPage.js';
import { AppFrame } from './AppFrame.js';
import { answer } from './answer.js';
import { storyUser, serverError, failure, page } from './fixtures.js';

const manager = {
  ...storyUser,
  permissions: ['departments.read:school', 'departments.manage:school', 'employees.read:school'],
};

const department = (
  n: number,
  code: string,
  nameKm: string,
  nameEn: string,
  head: [string, string] | null,
  staffCount: number,
  subjectCount: number,
): Department => ({
  id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  code,
  nameKm,
  nameEn,
  description: '',
  head: head
    ? {
        id: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`,
        nameKm: head[0],
        nameEn: head[1],
      }
    : null,
  staffCount,
  subjectCount,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
});

const departments: Department[] = [
  department(1, 'KHM', 'ភាសាខ្មែរ', 'Khmer Literature', ['សុខ ដារ៉ា', 'Sok Dara'], 5, 1),
  department(2, 'LANG', 'ភាសាបរទេស', 'Foreign Languages', ['យ៉ន រដ្ឋា', 'Yon Rotha'], 4, 1),
  department(3, 'MATH', 'គណិតវិទ្យា', 'Mathematics', ['លី ចន្ថា', 'Ly Chantha'], 6, 2),
  department(4, 'PE', 'អប់រំកាយ និងកីឡា', 'Physical Education', null, 0, 0),
  department(5, 'SCI', 'វិទ្យាសាស្ត្រ', 'Sciences', ['ហ៊ុន សុវណ្ណ', 'Hun Sovann'], 7, 4),
];

const profile = answer('postProfile', () => ({ user: manager }));
const employees = answer('getEmployees', () => ({ items: [], total: 0, page: 1, pageSize: 20 }));

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/department', element: <DepartmentListPage /> },
        { path: '/department/create', element: <DepartmentCreatePage /> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Departments',
  component: Screen,
  args: { locale: 'en', path: '/department' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [profile, employees, answer('getDepartments', () => page(departments))],
    },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The departments with their heads and how many staff and subjects each has. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('MATH')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(departments.length + 1);
  },
};

/** A new school: the list explains what departments are for. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [profile, employees, answer('getDepartments', () => page([]))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No departments yet|មិនទាន់មានដេប៉ាតឺម៉ង់នៅឡើយទេ/),
    ).toBeInTheDocument();
  },
};

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [profile, employees, answer('getDepartments', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/),
    ).toBeInTheDocument();
  },
};

/** A slow network: the table shows it is loading. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        employees,
        answer('getDepartments', async () => {
          await delay('infinite');
          return page(departments);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('MATH')).not.toBeInTheDocument();
  },
};

/** Deleting a department that still has staff: the server's reason is shown, nothing changes. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        employees,
        answer('getDepartments', () => page(departments)),
        answer('deleteDepartment', () =>
          failure(
            409,
            'DEPARTMENT_IN_USE',
            'This department still has staff or subjects. Move them to another department first.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Delete|លុប) (Mathematics|គណិតវិទ្យា)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(
        screen.getByText(/still has staff or subjects|នៅមានបុគ្គលិក ឬមុខវិជ្ជា/),
      ).toBeInTheDocument(),
    );
  },
};

/** The create form: a code already used is refused on its field. */
export const CreateCodeTaken: Story = {
  args: { path: '/department/create' },
  parameters: {
    msw: {
      handlers: [
        profile,
        employees,
        answer('postDepartments', () =>
          failure(409, 'CODE_EXISTS', 'This code is already used in the school', {
            code: ['CODE_EXISTS'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: /^(Code|លេខកូដ)/ }), 'MATH');
    await userEvent.type(
      canvas.getAllByRole('textbox', { name: /English|អង់គ្លេស/ })[0]!,
      'Mathematics',
    );
    await userEvent.click(canvas.getByRole('button', { name: /Create department|បង្កើតដេប៉ាតឺម៉ង់/ }));
    // Next to the field, and in the summary at the top that links to it.
    const code = canvas.getByRole('textbox', { name: /^(Code|លេខកូដ)/ });
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(/This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ/),
    );
    const summary = canvas.getByRole('alert');
    await expect(summary).toHaveFocus();
    await userEvent.click(
      within(summary).getByRole('link', {
        name: /^(Code|លេខកូដ): (This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ)/,
      }),
    );
    await expect(code).toHaveFocus();
  },
};
