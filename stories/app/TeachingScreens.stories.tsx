import type { SchoolClass, SessionUser, TimetableEntry } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import TeachingPage from '../../packages/app/src/pages/teaching/TeachingPage.js';
import { AppFrame } from './AppFrame.js';
import { errorBody, storyUser } from './fixtures.js';

const office = {
  ...storyUser,
  roles: ['office'],
  roleTags: [],
  permissions: ['teaching.read:school'],
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

const classes = http.get('/api/classes', () =>
  HttpResponse.json({ items: [sevenA], total: 1, page: 1, pageSize: 200 }),
);
const as = (user: SessionUser) => http.post('/api/user/profile', () => HttpResponse.json({ user }));

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
      handlers: [
        as(office),
        classes,
        http.get('/api/timetable', () => HttpResponse.json({ items: lessons })),
      ],
    },
  },
  render: (_, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The office sees a class's week: each day in its colour, lessons in the order of the day. */
export const ClassWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: /Monday|ចន្ទ/ })).toBeInTheDocument();
    await expect(canvas.getAllByText(/^(Mathematics|គណិតវិទ្យា)$/).length).toBeGreaterThan(0);
  },
};

/** A teacher opens their own week first. */
export const TeachersWeek: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classes,
        http.get('/api/timetable', ({ request }) =>
          HttpResponse.json({
            items:
              new URL(request.url).searchParams.get('mine') === 'true' ? lessons.slice(0, 6) : [],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('radio', { name: /My week|សប្ដាហ៍របស់ខ្ញុំ/ })).toBeChecked();
    await expect(await canvas.findByRole('heading', { name: /Tuesday|អង្គារ/ })).toBeInTheDocument();
  },
};

/** Nothing timetabled yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classes,
        http.get('/api/timetable', () => HttpResponse.json({ items: [] })),
      ],
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
      handlers: [
        as(office),
        classes,
        http.get('/api/timetable', () =>
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
        http.get('/api/timetable', async () => {
          await delay('infinite');
          return HttpResponse.json({ items: lessons });
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
