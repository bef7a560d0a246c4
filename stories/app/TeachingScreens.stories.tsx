import type {
  Period,
  SchoolClass,
  SessionUser,
  Subject,
  TeachingAssignment,
  TeachingLogEntry,
  TimetableEntry,
} from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import TeachingPage from '../../packages/app/src/pages/teaching/TeachingPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure } from './fixtures.js';
import { answer } from './answer.js';

const office = {
  ...storyUser,
  roles: ['office'],
  roleTags: [],
  permissions: ['teaching.read:school'],
};
const manager: SessionUser = {
  ...storyUser,
  roles: ['admin'],
  roleTags: [],
  permissions: ['teaching.read:school', 'teaching.manage:school'],
};
const teacher: SessionUser = {
  ...storyUser,
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: ['teaching.read:own'],
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sevenA: SchoolClass = {
  id: uuid(701),
  yearId: uuid(1),
  gradeLevel: { id: uuid(7), number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7' },
  section: 'A',
  nameKm: 'ថ្នាក់ទី៧A',
  nameEn: 'Grade 7A',
  homeroomTeacher: { id: uuid(900), nameKm: 'សុខ ដារ៉ា', nameEn: 'Sok Dara' },
  room: 'A101',
  session: 'morning',
  capacity: 48,
  studentCount: 42,
  femaleCount: 22,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
};
const subjects = [
  ['ភាសាខ្មែរ', 'Khmer', 'សុខ ដារ៉ា', 'Sok Dara'],
  ['គណិតវិទ្យា', 'Mathematics', 'លី ចន្ថា', 'Ly Chantha'],
  ['ភាសាអង់គ្លេស', 'English', 'យ៉ន រដ្ឋា', 'Yon Rotha'],
  ['រូបវិទ្យា', 'Physics', 'ហ៊ុន សុវណ្ណ', 'Hun Sovann'],
] as const;
const times = [
  ['07:00', '07:50'],
  ['07:50', '08:40'],
  ['08:55', '09:45'],
] as const;
const lessons: TimetableEntry[] = [1, 2, 3, 4, 5, 6].flatMap((day) =>
  times.map(([startTime, endTime], index) => {
    const [subjectKm, subjectEn, teacherKm, teacherEn] = subjects[(day + index) % subjects.length]!;
    return {
      id: uuid(day * 10 + index),
      yearId: uuid(1),
      dayOfWeek: day,
      period: { id: uuid(500 + index), session: 'morning', number: index + 1, startTime, endTime },
      schoolClass: { id: sevenA.id, nameKm: sevenA.nameKm, nameEn: sevenA.nameEn },
      subject: {
        id: uuid(600 + ((day + index) % 4)),
        code: subjectEn.slice(0, 4).toUpperCase(),
        nameKm: subjectKm,
        nameEn: subjectEn,
      },
      teacher: { id: uuid(900 + ((day + index) % 4)), nameKm: teacherKm, nameEn: teacherEn },
      room: 'A101',
      version: 1,
    };
  }),
);

const periods: Period[] = [...times, ['10:00', '10:50'] as const].map(
  ([startTime, endTime], index) => ({
    id: uuid(500 + index),
    session: 'morning',
    number: index + 1,
    startTime,
    endTime,
    version: 1,
  }),
);
const subjectList: Subject[] = subjects.map(([nameKm, nameEn], index) => ({
  id: uuid(600 + index),
  code: nameEn.slice(0, 4).toUpperCase(),
  nameKm,
  nameEn,
  type: 'learning_exam',
  maxScore: 50,
  coefficient: 1,
  department: null,
  gradeLevels: [],
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
}));
const named = (index: number) => ({
  id: uuid(600 + index),
  nameKm: subjects[index]![0],
  nameEn: subjects[index]![1],
});
const teacherOf = (index: number) => ({
  id: uuid(900 + index),
  nameKm: subjects[index]![2],
  nameEn: subjects[index]![3],
});
const classRef = { id: sevenA.id, nameKm: sevenA.nameKm, nameEn: sevenA.nameEn };
const assignments: TeachingAssignment[] = subjects.map((_, index) => ({
  id: uuid(800 + index),
  yearId: uuid(1),
  schoolClass: classRef,
  subject: { ...named(index), code: subjectList[index]!.code },
  teacher: teacherOf(index),
  hoursPerWeek: index === 3 ? null : 4,
  version: 1,
}));
const logEntries: TeachingLogEntry[] = [16, 17, 18, 19, 20].map((day, index) => ({
  id: uuid(1000 + index),
  date: `2026-11-${day}`,
  teacher: teacherOf(index % 2),
  schoolClass: classRef,
  subject: named(index % 2),
  hours: index === 2 ? 2 : 1,
  content: ['Reading: a short story', 'Fractions: adding', 'Poetry', 'Equations', 'Dictation'][
    index
  ]!,
  createdAt: `2026-11-${day}T09:00:00.000Z`,
  version: 1,
}));
/** Ly Chantha teaches Grade 7B on Monday at 10:00: 7A's maths at that time would clash. */
const sevenB = { id: uuid(702), nameKm: 'ថ្នាក់ទី៧B', nameEn: 'Grade 7B' };
const daraElsewhere: TimetableEntry = {
  ...lessons[0]!,
  id: uuid(99),
  period: { ...periods[3]!, id: uuid(503) },
  schoolClass: sevenB,
  subject: { ...named(1), code: 'MATH' },
  teacher: teacherOf(1),
};

const classes = answer('getClasses', () => ({ items: [sevenA], total: 1, page: 1, pageSize: 200 }));
const as = (user: SessionUser) => answer('postProfile', () => ({ user }));
const lists = [
  answer('getSubjects', () => ({
    items: subjectList,
    total: subjectList.length,
    page: 1,
    pageSize: 100,
  })),
  answer('getPeriods', () => ({ items: periods })),
  // The staff picker is searched only when typed in; an empty list answers until then.
  answer('getEmployees', () => ({ items: [], total: 0, page: 1, pageSize: 20 })),
  answer('getTeachingAssignments', () => ({ items: assignments })),
  answer('getTeachingLog', () => ({
    items: logEntries,
    total: logEntries.length,
    page: 1,
    pageSize: 20,
    totalHours: 6,
  })),
];

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/teaching"
      routes={[{ path: '/teaching', element: <TeachingPage /> }]}
    />
  );
}

const meta = {
  title: 'App/Teaching',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [as(office), classes, ...lists, answer('getTimetable', () => ({ items: lessons }))],
    },
  },
  render: (_, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const openTab = async (canvasElement: HTMLElement, name: RegExp) => {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('tab', { name }));
  return canvas;
};

/** The office sees a class's week: each day in its colour, lessons in the order of the day. */
export const ClassWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /Monday|ចន្ទ/ })).toBeInTheDocument();
    await expect(canvas.getAllByText(/^(Mathematics|គណិតវិទ្យា)$/).length).toBeGreaterThan(0);
    // Reading the timetable offers no changes.
    await expect(canvas.queryByRole('button', { name: /Add a lesson|បន្ថែមមេរៀន/ })).toBeNull();
  },
};

/** A teacher opens their own week first. */
export const TeachersWeek: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classes,
        ...lists,
        answer('getTimetable', ({ query }) => ({
          items: query.get('mine') === 'true' ? lessons.slice(0, 6) : [],
        })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: /My week|សប្ដាហ៍របស់ខ្ញុំ/ })).toBeChecked();
    await expect(await canvas.findByRole('heading', { name: /Tuesday|អង្គារ/ })).toBeInTheDocument();
  },
};

/** Whoever manages teaching sees every period of the class's day: lessons to change, free slots. */
export const BuildingTheWeek: Story = {
  parameters: {
    msw: {
      handlers: [
        as(manager),
        classes,
        ...lists,
        answer('getTimetable', () => ({ items: lessons })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: /Add a lesson on Monday, period 4|ចន្ទ ម៉ោងទី (4|៤)/,
      }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /Change the lesson on Monday, period 1|ចន្ទ ម៉ោងទី (1|១)/ }),
    ).toBeInTheDocument();
  },
};

/** A lesson that puts its teacher in two classes at once: refused, with the other class named. */
export const ClashRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        as(manager),
        classes,
        ...lists,
        answer('getTimetable', ({ query }) => ({
          items: query.get('employeeId') ? [daraElsewhere] : lessons,
        })),
        answer('postTimetable', () =>
          failure(
            409,
            'TIMETABLE_TEACHER_CLASH',
            'This teacher already teaches another class at that time',
            { employeeId: ['TIMETABLE_TEACHER_CLASH'] },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: /Add a lesson on Monday, period 4|ចន្ទ ម៉ោងទី (4|៤)/,
      }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    const subject = dialog.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ });
    // The list opens once the class's subjects have arrived.
    await waitFor(() => expect(subject).toBeEnabled());
    await userEvent.click(subject);
    await userEvent.click(await screen.findByRole('option', { name: /Mathematics|គណិតវិទ្យា/ }));
    await userEvent.click(dialog.getByRole('button', { name: /^(Add lesson|បន្ថែមមេរៀន)$/ }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent(/Not saved: a clash|ជាន់ម៉ោងគ្នា/);
    await expect(
      await within(alert).findByText(/Ly Chantha already teaches Grade 7B|លី ចន្ថា បង្រៀន ថ្នាក់ទី៧B/),
    ).toBeInTheDocument();
  },
};

/** Who teaches what in which class, for whoever manages teaching. */
export const Assignments: Story = {
  parameters: { msw: { handlers: [as(manager), classes, ...lists] } },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement, /^(Assignments|ការចាត់តាំង)$/);
    await expect(
      await canvas.findByRole('gridcell', { name: /Yon Rotha|យ៉ន រដ្ឋា/ }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /New assignment|ចាត់តាំងថ្មី/ }),
    ).toBeInTheDocument();
  },
};

/** Changing an assignment's hours: its class and subject stay; the version read goes along. */
export const AssignmentEdit: Story = {
  parameters: {
    msw: {
      handlers: [
        as(manager),
        classes,
        answer('patchTeachingAssignment', ({ body }) => {
          if (body.version !== 1) return HttpResponse.json({}, { status: 400 });
          return {
            assignment: { ...assignments[1]!, hoursPerWeek: body.hoursPerWeek ?? null, version: 2 },
          };
        }),
        ...lists,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement, /^(Assignments|ការចាត់តាំង)$/);
    await userEvent.click(
      await canvas.findByRole('button', {
        name: /^(Change Mathematics in Grade 7A|កែប្រែ គណិតវិទ្យា ក្នុង ថ្នាក់ទី៧A)$/,
      }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    const hours = dialog.getByRole('spinbutton', { name: /Hours a week|ម៉ោងក្នុងមួយសប្ដាហ៍/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');
    await userEvent.click(dialog.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }));
    await waitFor(() =>
      expect(
        screen.getAllByText(/Ly Chantha now teaches Mathematics|លី ចន្ថា ឥឡូវបង្រៀន គណិតវិទ្យា/).length,
      ).toBeGreaterThan(0),
    );
  },
};

/** No teacher is assigned yet. */
export const AssignmentsEmpty: Story = {
  parameters: {
    msw: {
      handlers: [
        as(manager),
        classes,
        answer('getTeachingAssignments', () => ({ items: [] })),
        ...lists,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement, /^(Assignments|ការចាត់តាំង)$/);
    await expect(
      await canvas.findByText(/No teaching assignments yet|មិនទាន់មានការចាត់តាំងបង្រៀនទេ/),
    ).toBeInTheDocument();
  },
};

/** The lessons taught, with the hours of all of them. */
export const TeachingLog: Story = {
  parameters: { msw: { handlers: [as(office), classes, ...lists] } },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement, /^(Teaching log|កំណត់ហេតុបង្រៀន)$/);
    await expect(
      await canvas.findByRole('gridcell', { name: /Fractions: adding/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(/6 hours in all|សរុប 6 ម៉ោង/)).toBeInTheDocument();
  },
};

/** Nothing timetabled yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [as(office), classes, ...lists, answer('getTimetable', () => ({ items: [] }))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No lessons this week|គ្មានមេរៀនក្នុងសប្ដាហ៍នេះ/),
    ).toBeInTheDocument();
  },
};

/** The server cannot answer: the page says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [as(office), classes, ...lists, answer('getTimetable', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
    ).toBeInTheDocument();
  },
};

/** The log cannot be read: the table says so and offers to try again. */
export const LogLoadFails: Story = {
  parameters: {
    msw: {
      handlers: [as(office), classes, answer('getTeachingLog', serverError), ...lists],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await openTab(canvasElement, /^(Teaching log|កំណត់ហេតុបង្រៀន)$/);
    await expect(
      await canvas.findByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
    ).toBeInTheDocument();
  },
};

/** A slow network: placeholders while the week loads. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classes,
        ...lists,
        answer('getTimetable', async () => {
          await delay('infinite');
          return { items: lessons };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { name: /Monday|ចន្ទ/ })).not.toBeInTheDocument();
  },
};
