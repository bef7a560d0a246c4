import type { SchoolClass, Student } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import StudentListPage from '../../packages/app/src/pages/students/StudentListPage.js';
import { AppFrame } from './AppFrame.js';
import { errorBody, storyUser } from './fixtures.js';

const manager = {
  ...storyUser,
  permissions: ['students.read:school', 'students.manage:school', 'classes.read:school'],
};

const uuid = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;

const class7A = { id: uuid(3, 1), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const classes: SchoolClass[] = [
  {
    ...class7A,
    yearId: uuid(1, 1),
    gradeLevel: { id: uuid(2, 7), number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7' },
    section: 'A',
    homeroomTeacher: null,
    room: 'A101',
    session: 'morning',
    capacity: 45,
    studentCount: 42,
    femaleCount: 21,
    version: 1,
    updatedAt: '2026-11-02T01:00:00.000Z',
  },
];

const student = (
  n: number,
  nameKm: string,
  nameEn: string,
  gender: Student['gender'],
  guardian: string,
  phone: string | null,
  status: Student['status'],
): Student => ({
  id: uuid(5, n),
  code: `S2026-00${n + 10}`,
  nameKm,
  nameEn,
  gender,
  birthDate: null,
  birthPlace: '',
  photoFileId: null,
  address: '',
  guardianName: guardian,
  guardianPhone: phone,
  guardianRelation: '',
  status,
  currentClass: status === 'studying' ? class7A : null,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
});

const students: Student[] = [
  student(1, 'ចាន់ សុភា', 'Chan Sophea', 'female', 'ចាន់ ធារី', '+85512345678', 'studying'),
  student(2, 'ហេង វិចិត្រ', 'Heng Vichet', 'male', 'ហេង សំណាង', '+85597765432', 'studying'),
  student(3, 'គឹម ស្រីនាង', 'Kim Sreyneang', 'female', '', null, 'suspended'),
  student(4, 'ពេជ្រ រតនា', 'Pich Rathana', 'male', 'ពេជ្រ សុខា', '+85511222333', 'dropped_out'),
];

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const profile = http.post('/api/user/profile', () => HttpResponse.json({ user: manager }));
const classList = http.get('/api/classes', () => HttpResponse.json(page(classes)));
const common = [profile, classList];

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/students"
      routes={[{ path: '/students', element: <StudentListPage /> }]}
    />
  );
}

const meta = {
  title: 'App/Students',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [...common, http.get('/api/students', () => HttpResponse.json(page(students)))],
    },
  },
  render: (_args, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Students with their class, guardian, phone in the national format and status. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('S2026-0011')).toBeInTheDocument();
    await expect(canvas.getByText('012 345 678')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(students.length + 1);
  },
};

/** A new school: the list says how to add students. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [...common, http.get('/api/students', () => HttpResponse.json(page([])))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No students yet|មិនទាន់មានសិស្សនៅឡើយទេ/)).toBeInTheDocument();
  },
};

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        http.get('/api/students', () =>
          HttpResponse.json(errorBody('SERVER_ERROR', 'Server error - please try again later'), {
            status: 500,
          }),
        ),
      ],
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
        ...common,
        http.get('/api/students', async () => {
          await delay('infinite');
          return HttpResponse.json(page(students));
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('S2026-0011')).not.toBeInTheDocument();
  },
};

/** Deleting a student with an enrollment history: the server's reason is shown. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        http.get('/api/students', () => HttpResponse.json(page(students))),
        http.delete('/api/students/:id', () =>
          HttpResponse.json(
            errorBody(
              'STUDENT_IN_USE',
              'This student has an enrollment history. Change their status instead of deleting them.',
            ),
            { status: 409 },
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
        screen.getByText(/has an enrollment history|មានប្រវត្តិចុះឈ្មោះចូលរៀន។/),
      ).toBeInTheDocument(),
    );
  },
};
