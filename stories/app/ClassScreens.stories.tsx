import type { SchoolClass, Student, TeachingAssignment, TimetableEntry } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ClassDetailPage from '../../packages/app/src/pages/class/ClassDetailPage.js';
import ClassListPage from '../../packages/app/src/pages/class/ClassListPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure } from './fixtures.js';
import { school } from './resultsHandlers.js';
import { telegramHidden } from './telegramHandlers.js';
import { answer } from './answer.js';

const manager = {
  ...storyUser,
  permissions: [
    'classes.read:school',
    'classes.manage:school',
    'employees.read:school',
    'students.read:school',
  ],
};

const uuid = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;
const YEAR = uuid(1, 1);
const grade = (number: number) => ({ id: uuid(2, number), number, nameEn: `Grade ${number}` });
const gradeNames: Record<number, string> = { 7: 'ថ្នាក់ទី៧', 8: 'ថ្នាក់ទី៨', 12: 'ថ្នាក់ទី១២' };

const schoolClass = (
  n: number,
  gradeNumber: number,
  section: string,
  teacher: [string, string] | null,
  room: string,
  session: SchoolClass['session'],
  studentCount: number,
  femaleCount: number,
): SchoolClass => ({
  id: uuid(3, n),
  yearId: YEAR,
  gradeLevel: { ...grade(gradeNumber), nameKm: gradeNames[gradeNumber] ?? '' },
  section,
  nameKm: `${gradeNames[gradeNumber] ?? ''}${section}`,
  nameEn: `Grade ${gradeNumber}${section}`,
  homeroomTeacher: teacher ? { id: uuid(4, n), nameKm: teacher[0], nameEn: teacher[1] } : null,
  room,
  session,
  capacity: 45,
  studentCount,
  femaleCount,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
});

const classes: SchoolClass[] = [
  schoolClass(1, 7, 'A', ['សុខ ដារ៉ា', 'Sok Dara'], 'A101', 'morning', 42, 21),
  schoolClass(2, 7, 'B', ['យ៉ន រដ្ឋា', 'Yon Rotha'], 'A102', 'morning', 40, 19),
  schoolClass(3, 8, 'A', ['លី ចន្ថា', 'Ly Chantha'], 'B201', 'afternoon', 44, 23),
  schoolClass(4, 12, 'A', null, 'C301', 'full_day', 0, 0),
];

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });
const profile = answer('postProfile', () => ({ user: manager }));
const employees = answer('getEmployees', () => page([]));
const grades = answer('getGradeLevels', () => ({
  items: [7, 8, 12].map((n) => ({
    ...grade(n),
    nameKm: gradeNames[n] ?? '',
    maxScore: 50,
    divisor: null,
    version: 1,
  })),
}));
const years = answer('getAcademicYears', () => ({
  items: [
    {
      id: YEAR,
      name: '2026-2027',
      startDate: '2026-11-01',
      endDate: '2027-08-31',
      isCurrent: true,
      terms: [],
      classCount: 4,
      version: 1,
    },
  ],
}));
const common = [profile, employees, grades, years, telegramHidden, school];

const students: Student[] = [
  ['ចាន់ សុភា', 'Chan Sophea', 'female'],
  ['ហេង វិចិត្រ', 'Heng Vichet', 'male'],
  ['គឹម ស្រីនាង', 'Kim Sreyneang', 'female'],
  ['ពេជ្រ រតនា', 'Pich Rathana', 'male'],
].map(([nameKm, nameEn, gender], i) => ({
  id: uuid(5, i + 1),
  code: `S2026-00${i + 10}`,
  nameKm: nameKm!,
  nameEn: nameEn!,
  gender: gender as Student['gender'],
  birthDate: null,
  birthPlace: '',
  photoFileId: null,
  address: '',
  guardianName: '',
  guardianPhone: null,
  guardianRelation: '',
  status: 'studying',
  currentClass: { id: classes[0]!.id, nameKm: classes[0]!.nameKm, nameEn: classes[0]!.nameEn },
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
}));

const named = (n: number, km: string, en: string) => ({ id: uuid(6, n), nameKm: km, nameEn: en });
const subjects = [
  { ...named(1, 'គណិតវិទ្យា', 'Mathematics'), code: 'MATH' },
  { ...named(2, 'ភាសាខ្មែរ', 'Khmer'), code: 'KHM' },
  { ...named(3, 'រូបវិទ្យា', 'Physics'), code: 'PHY' },
];
const teacherOf = [
  named(11, 'លី ចន្ថា', 'Ly Chantha'),
  named(12, 'សុខ ដារ៉ា', 'Sok Dara'),
  named(13, 'ហ៊ុន សុវណ្ណ', 'Hun Sovann'),
];
const classRef = { id: classes[0]!.id, nameKm: classes[0]!.nameKm, nameEn: classes[0]!.nameEn };
const assignments: TeachingAssignment[] = subjects.map((subject, i) => ({
  id: uuid(7, i),
  yearId: YEAR,
  schoolClass: classRef,
  subject,
  teacher: teacherOf[i]!,
  hoursPerWeek: 4,
  version: 1,
}));
const periods = [1, 2, 3, 4].map((n) => ({
  id: uuid(8, n),
  session: 'morning' as const,
  number: n,
  startTime: `0${6 + n}:00`,
  endTime: `0${6 + n}:50`,
}));
const timetable: TimetableEntry[] = [1, 2, 3, 4, 5, 6].flatMap((day) =>
  periods.map((period, p) => ({
    id: uuid(9, day * 10 + p),
    yearId: YEAR,
    dayOfWeek: day,
    period,
    schoolClass: classRef,
    subject: subjects[(day + p) % 3]!,
    teacher: teacherOf[(day + p) % 3]!,
    room: 'A101',
    version: 1,
  })),
);
const detail = [
  answer('getSchoolClass', () => ({ schoolClass: classes[0]! })),
  answer('getStudents', () => page(students)),
  answer('getTeachingAssignments', () => ({ items: assignments })),
  answer('getTimetable', () => ({ items: timetable })),
];

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/class', element: <ClassListPage /> },
        { path: '/class/:id', element: <ClassDetailPage /> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Classes',
  component: Screen,
  args: { locale: 'en', path: '/class' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [...common, answer('getClasses', () => page(classes))],
    },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The year's classes with their grade, homeroom teacher, room, session and students (girls). */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('A101')).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(classes.length + 1);
  },
};

/** A new year without classes: the list says what to do. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [...common, answer('getClasses', () => page([]))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No classes this year yet|មិនទាន់មានថ្នាក់សម្រាប់ឆ្នាំនេះ/),
    ).toBeInTheDocument();
  },
};

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [...common, answer('getClasses', serverError)],
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
        answer('getClasses', async () => {
          await delay('infinite');
          return page(classes);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('A101')).not.toBeInTheDocument();
  },
};

/** Deleting a class with students: the server's reason is shown, nothing changes. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getClasses', () => page(classes)),
        answer('deleteSchoolClass', () =>
          failure(
            409,
            'CLASS_IN_USE',
            'This class has students or an enrollment history, which must be kept. It cannot be deleted.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Delete|លុប) (Grade 7A|ថ្នាក់ទី៧A)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(
        screen.getByText(/has students or an enrollment history|មានសិស្ស ឬប្រវត្តិចុះឈ្មោះ/),
      ).toBeInTheDocument(),
    );
  },
};

/** Creating a class whose grade and section the year already has: the server says so. */
export const CreateExists: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getClasses', () => page(classes)),
        answer('postClasses', () =>
          failure(409, 'CLASS_EXISTS', 'This year already has a class of this grade and section'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /New class|ថ្នាក់ថ្មី/ }));
    const dialog = await screen.findByRole('dialog');
    // Without a grade, the form itself asks for one before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: /Create class|បង្កើតថ្នាក់/ }));
    const summary = await within(dialog).findByRole('alert');
    await expect(summary).toHaveTextContent(/(Grade|កម្រិតថ្នាក់).*(Choose one|សូមជ្រើសរើសមួយ)/);
    await userEvent.click(within(dialog).getByRole('button', { name: /(Grade|កម្រិតថ្នាក់)$/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Grade 7|ថ្នាក់ទី៧/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^(Section|ផ្នែក)/ }), 'A');
    await userEvent.click(within(dialog).getByRole('button', { name: /Create class|បង្កើតថ្នាក់/ }));
    await expect(
      await within(dialog).findByText(/already has a class of this grade|មានថ្នាក់នៃកម្រិតថ្នាក់/),
    ).toBeInTheDocument();
  },
};

/** One class: its roster with girls and boys counted, its teachers and its week. */
export const Detail: Story = {
  args: { path: `/class/${classes[0]!.id}` },
  parameters: { msw: { handlers: [...common, ...detail] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('S2026-0010')).toBeInTheDocument();
    await expect(
      await canvas.findByText(/4 students: 2 girls, 2 boys|សិស្ស 4 នាក់៖ ស្រី 2 នាក់ ប្រុស 2 នាក់/),
    ).toBeInTheDocument();
    await expect(
      await canvas.findByRole('region', { name: /Weekly timetable|កាលវិភាគប្រចាំសប្ដាហ៍/ }),
    ).toBeInTheDocument();
  },
};
