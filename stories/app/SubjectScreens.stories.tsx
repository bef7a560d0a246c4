import type { Department, GradeLevel, Subject } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import SubjectListPage from '../../packages/app/src/pages/subjects/SubjectListPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure, page } from './fixtures.js';
import { answer } from './answer.js';

const manager = {
  ...storyUser,
  permissions: ['subjects.read:school', 'subjects.manage:school', 'departments.read:school'],
};

const id = (group: number, n: number) =>
  `00000000-0000-4000-8000-000000000${group}${String(n).padStart(2, '0')}`;

const gradeLevels: GradeLevel[] = [7, 8, 9, 10, 11, 12].map((number) => ({
  id: id(3, number),
  number,
  nameKm: `ថ្នាក់ទី${number}`,
  nameEn: `Grade ${number}`,
  maxScore: number < 10 ? 500 : 600,
  divisor: null,
  version: 1,
}));

const departmentRef = (n: number, nameKm: string, nameEn: string) => ({
  id: id(1, n),
  nameKm,
  nameEn,
});
const khmer = departmentRef(1, 'ភាសាខ្មែរ', 'Khmer Literature');
const maths = departmentRef(3, 'គណិតវិទ្យា', 'Mathematics');
const sciences = departmentRef(5, 'វិទ្យាសាស្ត្រ', 'Sciences');

const departments: Department[] = [khmer, maths, sciences].map((d) => ({
  ...d,
  code: d.nameEn.slice(0, 4).toUpperCase(),
  description: '',
  head: null,
  staffCount: 3,
  subjectCount: 2,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
}));

const subject = (
  n: number,
  code: string,
  nameKm: string,
  nameEn: string,
  type: Subject['type'],
  maxScore: number,
  coefficient: number,
  department: Subject['department'],
  grades: number[],
): Subject => ({
  id: id(4, n),
  code,
  nameKm,
  nameEn,
  type,
  maxScore,
  coefficient,
  department,
  gradeLevels: grades.map((g) => ({ id: id(3, g), number: g })),
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
});

const subjects: Subject[] = [
  subject(1, 'KHM', 'ភាសាខ្មែរ', 'Khmer', 'learning_exam', 100, 2, khmer, [7, 8, 9, 10, 11, 12]),
  subject(2, 'MATH', 'គណិតវិទ្យា', 'Mathematics', 'learning_exam', 100, 2, maths, [7, 8, 9]),
  subject(3, 'PHY', 'រូបវិទ្យា', 'Physics', 'learning_exam', 50, 1, sciences, [10, 11, 12]),
  subject(4, 'ORAL', 'សំណេរផ្ទាល់មាត់', 'Oral test', 'exam', 20, 0.5, null, [12]),
  subject(5, 'ATT', 'វត្តមាន', 'Attendance', 'attendance', 10, 1, null, []),
];

const common = [
  answer('postProfile', () => ({ user: manager })),
  answer('getDepartments', () => ({
    items: departments,
    total: departments.length,
    page: 1,
    pageSize: 100,
  })),
  answer('getGradeLevels', () => ({ items: gradeLevels })),
];

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[{ path: '/subjects', element: <SubjectListPage /> }]}
    />
  );
}

const meta = {
  title: 'App/Subjects',
  component: Screen,
  args: { locale: 'en', path: '/subjects' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [...common, answer('getSubjects', () => page(subjects))],
    },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The subjects with their type, scores, department and grades. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The first story of a run also loads the page's code and strings: give it time.
    await expect(await canvas.findByText('PHY', {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(canvas.getAllByRole('row')).toHaveLength(subjects.length + 1);
  },
};

/** A new school: the list explains what to create. */
export const Empty: Story = {
  parameters: {
    msw: { handlers: [...common, answer('getSubjects', () => page([]))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No subjects yet|មិនទាន់មានមុខវិជ្ជានៅឡើយទេ/),
    ).toBeInTheDocument();
  },
};

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [...common, answer('getSubjects', serverError)],
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
        answer('getSubjects', async () => {
          await delay('infinite');
          return page(subjects);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByText('PHY')).not.toBeInTheDocument();
  },
};

/** Deleting a subject that is taught: the server's reason is shown, nothing changes. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getSubjects', () => page(subjects)),
        answer('deleteSubject', () =>
          failure(
            409,
            'SUBJECT_IN_USE',
            'This subject is still taught in some classes. Remove it from their teaching first.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Delete|លុប) (Physics|រូបវិទ្យា)$/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(screen.getByText(/still taught in some classes|នៅតែបង្រៀនក្នុងថ្នាក់/)).toBeInTheDocument(),
    );
    await expect(await canvas.findByText('PHY')).toBeInTheDocument();
  },
};

/** Someone else saved the subject first: the form says so and shows their version. */
export const EditConflict: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getSubjects', () => page(subjects)),
        answer('getSubject', () => ({
          subject: { ...subjects[2]!, nameEn: 'Physics (new)', maxScore: 60, version: 2 },
        })),
        answer('patchSubject', () =>
          failure(409, 'VERSION_CONFLICT', 'Someone else changed this record; reload it first'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(Edit|កែប្រែ) (Physics|រូបវិទ្យា)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }),
    );
    await expect(
      await within(dialog).findByText(/The form now shows|ទម្រង់នេះឥឡូវបង្ហាញ/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('spinbutton', { name: /Maximum score|ពិន្ទុអតិបរមា/ }),
      ).toHaveValue('60'),
    );
  },
};
