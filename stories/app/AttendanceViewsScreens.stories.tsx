import type {
  AttendanceClassesResponse,
  AttendanceStatus,
  LeaveRequest,
  MonthRegister,
  NotTakenResponse,
  StatusTotals,
  Student,
} from '@sala/contract';
import { Heading, Stack } from '@sala/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { LeaveSection } from '../../packages/app/src/pages/attendance/LeaveSection.js';
import { NotTakenSection } from '../../packages/app/src/pages/attendance/NotTakenSection.js';
import { RegisterSection } from '../../packages/app/src/pages/attendance/RegisterSection.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure, appConfig } from './fixtures.js';
import { answer } from './answer.js';

const office = {
  ...storyUser,
  roles: ['office'],
  permissions: ['attendance.read:school', 'attendance.record:school', 'students.read:school'],
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sevenA = { id: uuid(701), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const eightB = { id: uuid(802), nameKm: 'ថ្នាក់ទី៨B', nameEn: 'Grade 8B' };
const today = '2026-11-16';

const classesBody: AttendanceClassesResponse = {
  items: [
    { ...sevenA, session: 'full_day', studentCount: 5, homeroom: true },
    { ...eightB, session: 'afternoon', studentCount: 38, homeroom: false },
  ],
  sessions: ['morning', 'afternoon'],
  periods: [],
  today,
  // The page asks for its sheet on its own, as it does when the opening sheet is not sent.
  opening: null,
};

const people = [
  ['ចាន់ សុភា', 'Chan Sophea'],
  ['ហេង វិចិត្រ', 'Heng Vichet'],
  ['គឹម ស្រីនាង', 'Kim Sreyneang'],
  ['ពេជ្រ រតនា', 'Pich Rathana'],
  ['សុខ ដារ៉ា', 'Sok Dara'],
] as const;
const person = (i: number) => ({
  id: uuid(100 + i),
  nameKm: people[i]![0],
  nameEn: people[i]![1],
  code: `S2026-00${10 + i}`,
});

/**
 * November 2026 of Grade 7A, marked up to the 16th, morning and afternoon, Monday to Saturday.
 * Pich Rathana left on the 10th; Sok Dara joined from another class on the 16th.
 */
function novemberRegister(): MonthRegister {
  const days = 30;
  const zero = (): StatusTotals => ({ present: 0, absent: 0, permission: 0, late: 0 });
  const dayTotals = Array.from({ length: days }, zero);
  const totals = zero();
  const ranges: [string, string][] = [
    ['2026-11-01', '2026-11-30'],
    ['2026-11-01', '2026-11-30'],
    ['2026-11-01', '2026-11-30'],
    ['2026-11-01', '2026-11-10'],
    ['2026-11-16', '2026-11-30'],
  ];
  const students = people.map((_, i) => {
    const [from, to] = ranges[i]!;
    const own = zero();
    const marks = Array.from({ length: days }, (_, d) => {
      const day = d + 1;
      const iso = `2026-11-${String(day).padStart(2, '0')}`;
      const sunday = new Date(Date.UTC(2026, 10, day)).getUTCDay() === 0;
      return [0, 1].map((session): AttendanceStatus | null => {
        if (sunday || day > 16 || iso < from || iso > to) return null;
        const k = day * 2 + session + i * 5;
        const status: AttendanceStatus =
          k % 23 === 0 ? 'absent' : k % 17 === 0 ? 'permission' : k % 13 === 0 ? 'late' : 'present';
        own[status] += 1;
        dayTotals[d]![status] += 1;
        totals[status] += 1;
        return status;
      });
    });
    return { student: person(i), from, to, marks, totals: own };
  });
  const all = totals.present + totals.absent + totals.permission + totals.late;
  return {
    schoolClass: sevenA,
    month: '2026-11',
    days,
    sessions: ['morning', 'afternoon'],
    students,
    dayTotals,
    totals,
    rate: all === 0 ? null : (totals.present + totals.late) / all,
  };
}
const register = novemberRegister();

const leave = (n: number, i: number, fromDate: string, toDate: string, reason: string) =>
  ({
    id: uuid(900 + n),
    student: person(i),
    schoolClass: sevenA,
    fromDate,
    toDate,
    session: n === 2 ? 'morning' : null,
    reason,
    createdBy: 'Office',
    createdAt: '2026-11-14T02:00:00.000Z',
  }) satisfies LeaveRequest;
const leaves: LeaveRequest[] = [
  leave(1, 1, '2026-11-16', '2026-11-18', 'Family wedding in Siem Reap'),
  leave(2, 2, '2026-11-20', '2026-11-20', 'Hospital appointment'),
];

const notTaken: NotTakenResponse = {
  date: today,
  items: [
    {
      schoolClass: sevenA,
      session: 'afternoon',
      homeroomTeacher: { id: uuid(51), nameKm: 'លី ចន្ថា', nameEn: 'Ly Chantha' },
    },
    { schoolClass: eightB, session: 'afternoon', homeroomTeacher: null },
  ],
  expected: 24,
  taken: 22,
};

/** What the stories' requests sent, for their play functions to check. */
const exported: string[] = [];
const posted: Record<string, unknown>[] = [];
const deleted: string[] = [];

const profile = answer('postProfile', () => ({ user: office }));
const classes = answer('getAttendanceClasses', () => classesBody);
const monthOf = answer('getAttendanceMonth', () => register);
const leaveList = answer('getAttendanceLeave', () => ({
  items: leaves,
  total: leaves.length,
  page: 1,
  pageSize: 20,
}));
const studentSearch = answer('getStudents', () => ({
  items: [{ ...person(4), currentClass: sevenA } as unknown as Student],
  total: 1,
  page: 1,
  pageSize: 20,
}));

const sections = {
  register: <RegisterSection />,
  leave: <LeaveSection />,
  notTaken: <NotTakenSection />,
} satisfies Record<string, ReactNode>;
type Section = keyof typeof sections;

/** One section under the page's heading, as the attendance page shows it in its tab. */
function Page({ section }: { section: Section }) {
  const { t } = useTranslation('attendance');
  return (
    <Stack gap="large">
      <Heading level={1}>{t('sections')}</Heading>
      {sections[section]}
    </Stack>
  );
}

function Screen({ locale, section }: { locale: 'en' | 'km'; section: Section }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/attendance"
      routes={[{ path: '/attendance', element: <Page section={section} /> }]}
    />
  );
}

const meta = {
  title: 'App/Attendance/Views',
  component: Screen,
  args: { locale: 'en', section: 'register' },
  parameters: {
    layout: 'padded',
    msw: { handlers: [profile, classes, monthOf, leaveList, studentSearch] },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} section={args.section} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const registerRegion = /Attendance register of Grade 7A|បញ្ជីវត្តមាន ថ្នាក់ទី៧A/;

/**
 * The month register: every student's marks day by day, their totals and the days' totals; a
 * student who joined mid-month has no marks before their first day. Excel comes in the
 * interface language.
 */
export const Register: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        classes,
        monthOf,
        appConfig,
        answer('getAttendanceMonthExport', ({ query }) => {
          exported.push(`${query.get('classId')} ${query.get('month')} ${query.get('language')}`);
          return new HttpResponse(new Blob(['xlsx']), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="register.xlsx"',
            },
          });
        }),
      ],
    },
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const grid = within(await canvas.findByRole('region', { name: registerRegion }));
    // The month of the school's today is shown.
    await expect(
      canvas.getByRole('heading', { name: /Grade 7A · November 2026|ថ្នាក់ទី៧A · ខែវិច្ឆិកា/ }),
    ).toBeInTheDocument();
    // Sok Dara joined on the 16th: the days before are outside his time in the class.
    const dara = grid.getByRole('row', { name: /Sok Dara|សុខ ដារ៉ា/ });
    const cells = within(dara).getAllByRole('cell');
    await expect(cells[0]).toHaveAttribute('title', expect.stringMatching(/Not in the class|មិននៅ/));
    await expect(cells[31]).toHaveAttribute('title', expect.stringMatching(/Present|វត្តមាន/));
    // Heng Vichet's totals, P A E L, at the end of his row.
    const heng = within(grid.getByRole('row', { name: /Heng Vichet|ហេង វិចិត្រ/ }))
      .getAllByRole('cell')
      .slice(-4)
      .map((cell) => Number(cell.textContent));
    await expect(heng).toEqual(
      (['present', 'absent', 'permission', 'late'] as const).map(
        (s) => register.students[1]!.totals[s],
      ),
    );
    await expect(canvas.getByText(/Attendance rate: |អត្រាវត្តមាន៖ /)).toBeInTheDocument();
    exported.length = 0;
    const download = canvas.getByRole('button', { name: /Download Excel|ទាញយក Excel/ });
    await userEvent.click(download);
    const language = globals.locale === 'km' ? 'km' : 'en';
    await waitFor(() => expect(exported).toEqual([`${sevenA.id} 2026-11 ${language}`]));
    // The picture is taken once the file has come: the button is no longer busy.
    await waitFor(() => expect(download).not.toHaveAttribute('data-pending'));
  },
};
/** The register cannot be read: the page says why and offers to try again. */
export const RegisterFails: Story = {
  parameters: {
    msw: {
      handlers: [profile, classes, answer('getAttendanceMonth', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Server error|ម៉ាស៊ីនមេ/);
    await expect(
      canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
    ).toBeInTheDocument();
  },
};

/** A slow network: a placeholder while the register loads; nothing to print or download yet. */
export const RegisterSlow: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        classes,
        answer('getAttendanceMonth', async () => {
          await delay('infinite');
          return register;
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: /Loading attendance|កំពុងផ្ទុកវត្តមាន/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /^(Print|បោះពុម្ព)$/ })).toBeDisabled();
  },
};

/** Leave from today on, and recording a new one: the student searched, the days, the reason. */
export const Leave: Story = {
  args: { section: 'leave' },
  parameters: {
    // It ends on the toast of the recorded leave, which may or may not still be closing the
    // dialog when the picture is taken; LeaveRefused and LeaveDelete picture the list and form.
    screenshot: false,
    msw: {
      handlers: [
        profile,
        classes,
        leaveList,
        studentSearch,
        answer('postAttendanceLeave', ({ body }) => {
          posted.push(body);
          return {
            leave: { ...leaves[0]!, id: uuid(999), student: person(4), ...body },
          };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('gridcell', { name: /Family wedding in Siem Reap/ }),
    ).toBeInTheDocument();
    posted.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: /^(Record leave|កត់ច្បាប់)$/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const student = dialog.getByRole('combobox', { name: /Student|សិស្ស/ });
    await userEvent.type(student, 'dara');
    await userEvent.click(await screen.findByRole('option', { name: /Sok Dara|សុខ ដារ៉ា/ }));
    await fireEvent.change(dialog.getByLabelText(/^(From|ពីថ្ងៃ)/), {
      target: { value: '2026-11-23' },
    });
    await fireEvent.change(dialog.getByLabelText(/^(To|ដល់ថ្ងៃ)/), {
      target: { value: '2026-11-24' },
    });
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason|មូលហេតុ/ }), 'Sick');
    await userEvent.click(dialog.getByRole('button', { name: /^(Record leave|កត់ច្បាប់)$/ }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          studentId: person(4).id,
          fromDate: '2026-11-23',
          toDate: '2026-11-24',
          session: null,
          reason: 'Sick',
        },
      ]),
    );
    await expect(
      await screen.findByText(/Leave recorded for Sok Dara|បានកត់ច្បាប់សម្រាប់ សុខ ដារ៉ា/),
    ).toBeInTheDocument();
  },
};
/** The last day before the first: the server refuses, the field says why in the language. */
export const LeaveRefused: Story = {
  args: { section: 'leave' },
  parameters: {
    msw: {
      handlers: [
        profile,
        classes,
        leaveList,
        studentSearch,
        answer('postAttendanceLeave', () =>
          failure(400, 'VALIDATION_ERROR', 'Validation failed', { toDate: ['INVALID_DATE_RANGE'] }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Record leave|កត់ច្បាប់)$/ }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('combobox', { name: /Student|សិស្ស/ }), 'dara');
    await userEvent.click(await screen.findByRole('option', { name: /Sok Dara|សុខ ដារ៉ា/ }));
    await fireEvent.change(dialog.getByLabelText(/^(From|ពីថ្ងៃ)/), {
      target: { value: '2026-11-24' },
    });
    await fireEvent.change(dialog.getByLabelText(/^(To|ដល់ថ្ងៃ)/), {
      target: { value: '2026-11-23' },
    });
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason|មូលហេតុ/ }), 'Sick');
    await userEvent.click(dialog.getByRole('button', { name: /^(Record leave|កត់ច្បាប់)$/ }));
    // Refused on the last day, next to it and in the summary above the form.
    const endMessage =
      /The end date must come after the start date|កាលបរិច្ឆេទបញ្ចប់ត្រូវនៅក្រោយកាលបរិច្ឆេទចាប់ផ្ដើម/;
    await waitFor(() =>
      expect(dialog.getByLabelText(/^(To|ដល់ថ្ងៃ)/)).toHaveAccessibleDescription(endMessage),
    );
    await expect(dialog.getByLabelText(/^(To|ដល់ថ្ងៃ)/)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toHaveTextContent(endMessage);
  },
};

/** A leave recorded by mistake is deleted after a confirmation. */
export const LeaveDelete: Story = {
  args: { section: 'leave' },
  parameters: {
    msw: {
      handlers: [
        profile,
        classes,
        leaveList,
        answer('deleteAttendanceLeaveEntry', ({ params }) => {
          deleted.push(String(params.id));
          return { success: true as const, message: 'Leave deleted' };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    deleted.length = 0;
    await userEvent.click(
      await canvas.findByRole('button', {
        name: /Delete the leave of Heng Vichet|លុបច្បាប់របស់ ហេង វិចិត្រ/,
      }),
    );
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() => expect(deleted).toEqual([leaves[0]!.id]));
    // The picture is taken once the office has been told.
    await expect(await screen.findByText(/^(Leave deleted|បានលុបច្បាប់)$/)).toBeInTheDocument();
  },
};
/** The office's morning list: the sheets still missing, with whom to ask, and the day's rate. */
export const NotTaken: Story = {
  args: { section: 'notTaken' },
  parameters: {
    msw: {
      handlers: [
        profile,
        answer('getAttendanceNotTaken', () => notTaken),
        answer('getAttendanceDaily', () => ({
          date: today,
          totals: { present: 512, absent: 14, permission: 9, late: 6 },
          rate: 0.9575,
          sheets: 22,
        })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/22 of 24 taken|បានស្រង់ 22 ក្នុងចំណោម 24/),
    ).toBeInTheDocument();
    await expect(
      await canvas.findByRole('gridcell', { name: /Ly Chantha|លី ចន្ថា/ }),
    ).toBeInTheDocument();
    await expect(await canvas.findByText('95.8%')).toBeInTheDocument();
    // The school's today, as the server gave it, is the day shown.
    await expect(canvas.getByLabelText(/^(Day|ថ្ងៃ)/)).toHaveValue(today);
  },
};
