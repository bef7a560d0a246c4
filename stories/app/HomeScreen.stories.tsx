import type { DashboardResponse } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PageQueryGate } from '../../packages/app/src/frame/PageQueryGate.js';
import HomePage from '../../packages/app/src/pages/index/HomePage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure } from './fixtures.js';
import { answer } from './answer.js';

const id = (n: number) => `00000000-0000-4000-8000-0000000003${String(n).padStart(2, '0')}`;
const named = (n: number, nameKm: string, nameEn: string) => ({ id: id(n), nameKm, nameEn });
const maths = named(1, 'គណិតវិទ្យា', 'Mathematics');
const physics = named(2, 'រូបវិទ្យា', 'Physics');
const class7a = named(11, 'ថ្នាក់ទី៧ក', 'Grade 7A');
const class8b = named(12, 'ថ្នាក់ទី៨ខ', 'Grade 8B');
const class9a = named(13, 'ថ្នាក់ទី៩ក', 'Grade 9A');

const teacherDay: NonNullable<DashboardResponse['teacher']> = {
  lessonsToday: [
    // Out of order on purpose: the page lists them by time.
    {
      periodNumber: 3,
      startTime: '09:00',
      endTime: '09:50',
      schoolClass: class8b,
      subject: physics,
      room: 'B12',
    },
    {
      periodNumber: 1,
      startTime: '07:00',
      endTime: '07:50',
      schoolClass: class7a,
      subject: maths,
      room: 'A01',
    },
    {
      periodNumber: 2,
      startTime: '08:00',
      endTime: '08:50',
      schoolClass: class9a,
      subject: maths,
      room: '',
    },
  ],
  classes: [
    { ...class7a, studentCount: 42, homeroom: true, subjects: [maths] },
    { ...class8b, studentCount: 39, homeroom: false, subjects: [physics] },
    { ...class9a, studentCount: 41, homeroom: false, subjects: [maths, physics] },
  ],
  hoursThisWeek: 14,
};

const schoolTotals: NonNullable<DashboardResponse['school']> = {
  students: { total: 752, female: 389, male: 363 },
  classes: 18,
  staff: { total: 33, female: 17, teachers: 27 },
  departments: 6,
  subjects: 12,
  studentsByGrade: [7, 8, 9, 10, 11, 12].map((grade, i) => ({
    grade,
    female: 62 + ((i * 7) % 11),
    male: 58 + ((i * 5) % 9),
  })),
};

const base = {
  today: '2026-11-16',
  dayOfWeek: 1,
  year: { id: id(90), name: '2026-2027' },
};

const teacherUser = {
  ...storyUser,
  username: 'teacher',
  nameKm: 'ចាន់ សុភា',
  nameEn: 'Chan Sophea',
  roles: ['teacher'],
  permissions: ['teaching.read:own'],
};

/** The office reads the whole school's attendance: today's figure shows on the home page. */
const officeUser = {
  ...storyUser,
  permissions: [...storyUser.permissions, 'attendance.read:school'],
};
const attendanceToday = [
  answer('getAttendanceDaily', () => ({
    date: base.today,
    totals: { present: 512, absent: 14, permission: 9, late: 6 },
    rate: 0.9575,
    sheets: 22,
  })),
  answer('getAttendanceNotTaken', () => ({
    date: base.today,
    items: [
      {
        schoolClass: { id: id(71), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' },
        session: 'afternoon' as const,
        homeroomTeacher: null,
      },
      {
        schoolClass: { id: id(82), nameKm: 'ថ្នាក់ទី៨B', nameEn: 'Grade 8B' },
        session: 'morning' as const,
        homeroomTeacher: null,
      },
    ],
    expected: 24,
    taken: 22,
  })),
];

const dashboardOf = (body: DashboardResponse) => answer('getDashboard', () => body);

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/"
      // Behind the app's gate, as routes.tsx puts every page: a failed read is the page's.
      routes={[
        {
          path: '/',
          element: (
            <PageQueryGate>
              <HomePage />
            </PageQueryGate>
          ),
        },
      ]}
    />
  );
}

const meta = {
  title: 'App/Home',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        dashboardOf({ ...base, teacher: teacherDay, school: null, office: null }),
      ],
    },
  },
  render: (_args, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A teacher: today's lessons in time order, their classes, the hours of the week. */
export const Teacher: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lessons = await canvas.findByRole('list', { name: /Today's lessons|ម៉ោងបង្រៀនថ្ងៃនេះ/ });
    const items = within(lessons).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(/07:00/);
    await expect(items[2]).toHaveTextContent(/09:00/);
    await expect(canvas.getAllByText(/^(Homeroom|គ្រូបន្ទុកថ្នាក់)$/).length).toBeGreaterThan(0);
  },
};

/** A teacher on a day without lessons. */
export const TeacherDayOff: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        dashboardOf({
          ...base,
          dayOfWeek: 7,
          teacher: { ...teacherDay, lessonsToday: [] },
          school: null,
          office: null,
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No lessons today|ថ្ងៃនេះគ្មានម៉ោងបង្រៀនទេ/),
    ).toBeInTheDocument();
  },
};

/** The office: the school's totals and its students by grade, girls and boys. */
export const Office: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: officeUser })),
        dashboardOf({
          ...base,
          teacher: { lessonsToday: [], classes: [], hoursThisWeek: 0 },
          school: schoolTotals,
          office: { scoresAwaitingPublication: 7, staffWithoutAccount: 4 },
        }),
        ...attendanceToday,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/389 girls|ស្រី 389 នាក់/)).toBeInTheDocument();
    await expect(canvas.getByText(/27 teachers|គ្រូ 27 នាក់/)).toBeInTheDocument();
    // The chart of students by grade loads after the page.
    await expect(
      await canvas.findByRole('img', { name: /Students by grade|សិស្សតាមកម្រិតថ្នាក់/ }),
    ).toBeInTheDocument();
    // What waits for the office, not an empty teacher's day.
    await expect(
      canvas.getByRole('link', { name: /Review and publish|ពិនិត្យ និងផ្សព្វផ្សាយ/ }),
    ).toHaveAttribute('href', '/studentScoringEntry');
    await expect(canvas.getByRole('link', { name: /Set up accounts|រៀបចំគណនី/ })).toHaveAttribute(
      'href',
      '/staff',
    );
    await expect(canvas.queryByText(/My classes|ថ្នាក់របស់ខ្ញុំ/)).toBeNull();
    // Today's attendance, and the classes still to take it, leading to the attendance page.
    await expect(await canvas.findByText('95.8%')).toBeInTheDocument();
    await expect(
      await canvas.findByRole('link', { name: /2 classes not taken yet|2 ថ្នាក់មិនទាន់ស្រង់/ }),
    ).toHaveAttribute('href', '/attendance');
  },
};

/** The server cannot answer: the page says so and offers to try again. */
let dashboardAsked = 0;

export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        answer('getDashboard', () => {
          dashboardAsked += 1;
          return serverError();
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /could not be loaded|មិនអាចផ្ទុក/,
    );
    const before = dashboardAsked;
    await userEvent.click(canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }));
    // Asked again, refused again: the page says so once more (and the picture is of that).
    await waitFor(() => expect(dashboardAsked).toBe(before + 1));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /could not be loaded|មិនអាចផ្ទុក/,
    );
  },
};

/** No connection: the page says so, in the frame's place of the page, with a way home. */
export const Offline: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        answer('getDashboard', () => HttpResponse.error()),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      /No internet connection|គ្មានការតភ្ជាប់អ៊ីនធឺណិត/,
    );
    await expect(canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ })).toBeVisible();
    await expect(
      canvas.getByRole('link', { name: /Go to the home page|ត្រឡប់ទៅទំព័រដើម/ }),
    ).toHaveAttribute('href', '/');
    await expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull();
  },
};

/** The server refuses (403): not permitted, formally, with the way home and nothing to retry. */
export const Refused: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        answer('getDashboard', () => failure(403, 'FORBIDDEN', 'Forbidden')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        level: 1,
        name: /Access not permitted|មិនមានសិទ្ធិចូលប្រើ/,
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ })).toBeNull();
    await expect(
      canvas.getByRole('link', { name: /Go to the home page|ត្រឡប់ទៅទំព័រដើម/ }),
    ).toBeVisible();
  },
};

/** A slow network: placeholders stand where the figures will be. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postProfile', () => ({ user: teacherUser })),
        answer('getDashboard', async () => {
          await delay('infinite');
          return { ...base, teacher: teacherDay, school: null, office: null };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};
