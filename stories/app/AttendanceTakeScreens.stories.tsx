import type {
  AttendanceClassesResponse,
  AttendanceSheet,
  SaveSheetRequest,
  SaveSheetResponse,
  SessionUser,
} from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { deviceStore } from '../../packages/app/src/pages/attendance/offlineQueue.js';
import { TakeSection } from '../../packages/app/src/pages/attendance/TakeSection.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure } from './fixtures.js';
import { answer } from './answer.js';

const teacher: SessionUser = {
  ...storyUser,
  username: 'teacher',
  nameKm: 'សុខ ដារ៉ា',
  nameEn: 'Sok Dara',
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: ['attendance.read:own', 'attendance.record:own'],
};

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sevenA = { id: uuid(701), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const today = '2026-11-21';

const family = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['លី', 'Ly'],
  ['ហេង', 'Heng'],
  ['គឹម', 'Kim'],
] as const;
const given = [
  ['ស្រីនាង', 'Sreyneang'],
  ['វិចិត្រ', 'Vichet'],
  ['បុប្ផា', 'Bopha'],
  ['រតនា', 'Rathana'],
  ['សុភ័ក្ត្រ', 'Sopheak'],
  ['ពិសិដ្ឋ', 'Piseth'],
  ['ចន្ថា', 'Chantha'],
  ['មករា', 'Makara'],
  ['ស្រីល័ក្ខ', 'Sreyleak'],
] as const;
const students = Array.from({ length: 45 }, (_, index) => {
  const [familyKm, familyEn] = family[index % family.length]!;
  const [givenKm, givenEn] = given[Math.floor(index / family.length) % given.length]!;
  return {
    id: uuid(2000 + index),
    code: `S${String(index + 1).padStart(4, '0')}`,
    nameKm: `${familyKm} ${givenKm}`,
    nameEn: `${familyEn} ${givenEn}`,
    photoFileId: null,
    gender: index % 2 ? 'male' : 'female',
  };
});
const nameOf = (index: number) =>
  new RegExp(`^(${students[index]!.nameEn}|${students[index]!.nameKm})$`);

const classes: AttendanceClassesResponse = {
  items: [
    { ...sevenA, session: 'morning', studentCount: 45, homeroom: true },
    {
      id: uuid(802),
      nameKm: 'ថ្នាក់ទី៨B',
      nameEn: 'Grade 8B',
      session: 'afternoon',
      studentCount: 40,
      homeroom: false,
    },
  ],
  sessions: ['morning', 'afternoon'],
  periods: [
    { id: uuid(501), session: 'morning', number: 1, startTime: '07:00', endTime: '07:50' },
    { id: uuid(502), session: 'morning', number: 2, startTime: '07:50', endTime: '08:40' },
  ],
  today,
  // The page asks for its sheet on its own, as it does when the opening sheet is not sent.
  opening: null,
};

/** A sheet not taken yet: everyone present but the girl on leave. */
const freshSheet: AttendanceSheet = {
  id: uuid(9001),
  saved: false,
  schoolClass: { ...sevenA, session: 'morning' },
  date: today,
  session: 'morning',
  period: null,
  takenBy: null,
  takenAt: null,
  updatedBy: null,
  updatedAt: null,
  editable: true,
  correcting: false,
  editableUntil: '2026-11-28',
  rows: students.map((student, index) => ({
    student,
    status: index === 4 ? 'permission' : 'present',
    minutesLate: null,
    note: '',
    leave: index === 4 ? { id: uuid(3001), reason: 'Sick: fever' } : null,
    taken: null,
    correction: null,
  })),
  totals: { present: 44, absent: 0, permission: 1, late: 0 },
};

/** The sheet the server holds after a save of `request`. */
function savedFrom(request: SaveSheetRequest): AttendanceSheet {
  const byStudent = new Map(request.marks.map((m) => [m.studentId, m]));
  const rows = freshSheet.rows.map((row) => {
    const mark = byStudent.get(row.student.id);
    return mark
      ? {
          ...row,
          status: mark.status,
          minutesLate: mark.minutesLate ?? null,
          note: mark.note ?? '',
        }
      : row;
  });
  const totals = { present: 0, absent: 0, permission: 0, late: 0 };
  for (const row of rows) totals[row.status] += 1;
  return {
    ...freshSheet,
    id: request.id,
    saved: true,
    takenBy: 'Sok Dara',
    takenAt: '2026-11-21T00:12:00.000Z',
    updatedBy: 'Sok Dara',
    updatedAt: '2026-11-21T00:12:00.000Z',
    rows,
    totals,
  };
}

const saveAnswer = (extra: Partial<SaveSheetResponse> = {}) =>
  answer('postAttendanceSheets', ({ body }) => {
    const response: SaveSheetResponse = {
      sheet: savedFrom(body),
      keptCorrections: 0,
      duplicate: false,
      message: 'Saved',
      ...extra,
    };
    return response;
  });

const as = (user: SessionUser) => answer('postProfile', () => ({ user }));
const classList = answer('getAttendanceClasses', () => classes);
const sheetAnswer = (sheet: AttendanceSheet) => answer('getAttendanceSheet', () => ({ sheet }));

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/attendance"
      routes={[{ path: '/attendance', element: <TakeSection /> }]}
    />
  );
}

const meta = {
  title: 'App/Attendance/Take',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: { handlers: [as(teacher), classList, sheetAnswer(freshSheet), saveAnswer()] },
  },
  // Every story starts with nothing waiting on the device: a sheet left queued by another story
  // would be sent when this one opens.
  beforeEach: async () => {
    const store = deviceStore();
    for (const entry of await store.list()) await store.remove(entry.request.id);
  },
  render: (_, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const statusOf = async (canvasElement: HTMLElement, index: number) =>
  within(await within(canvasElement).findByRole('radiogroup', { name: nameOf(index) }));

/**
 * The morning routine: the homeroom class, today and its shift are already chosen; three taps
 * mark three students absent, one saves the sheet.
 */
export const TakingTheSheet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: /(Grade 7A|ថ្នាក់ទី៧A), (21 Nov 2026|21 វិច្ឆិកា 2026), (Morning|ពេលព្រឹក)/,
      }),
    ).toBeInTheDocument();
    await expect(canvas.getAllByRole('radiogroup')).toHaveLength(46);
    // The student on leave starts on Permission, with the reason.
    await expect(
      (await statusOf(canvasElement, 4)).getByRole('radio', { name: /^(Permission|ច្បាប់)$/ }),
    ).toBeChecked();
    await expect(canvas.getByText(/Sick: fever/)).toBeInTheDocument();
    for (const index of [1, 7, 20]) {
      await userEvent.click(
        (await statusOf(canvasElement, index)).getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }),
      );
    }
    const totals = within(canvas.getByRole('list', { name: /Totals|សរុប/ }));
    await expect(totals.getByText(/Absent|អវត្តមាន/).parentElement).toHaveTextContent(/3$/);
    await expect(totals.getByText(/Present|មានវត្តមាន/).parentElement).toHaveTextContent(/41$/);
    await userEvent.click(canvas.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }));
    const saved = await screen.findByText(/^(Saved|បានរក្សាទុក)$/);
    await expect(saved).toBeInTheDocument();
    // The pointer rests on the toast, which pauses its timer: it stays for the picture however
    // long the page takes to settle.
    await userEvent.hover(saved);
    await expect(await canvas.findByText(/(Taken by|ស្រង់ដោយ) Sok Dara/)).toBeInTheDocument();
    await expect(
      (await statusOf(canvasElement, 7)).getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }),
    ).toBeChecked();
  },
};

/** A late student: the minutes late and a note open under the row. */
export const LateWithNote: Story = {
  play: async ({ canvasElement }) => {
    const row = await statusOf(canvasElement, 2);
    await userEvent.click(row.getByRole('radio', { name: /^(Late|យឺត)$/ }));
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('spinbutton', { name: /Minutes late|យឺតប៉ុន្មាននាទី/ }), '15');
    await userEvent.type(canvas.getByRole('textbox', { name: /^(Note|កំណត់សម្គាល់)$/ }), 'Flat tyre');
    await expect(canvas.getByRole('textbox', { name: /^(Note|កំណត់សម្គាល់)$/ })).toHaveValue(
      'Flat tyre',
    );
  },
};

/** The office had corrected marks after the teacher's: the server kept theirs and says so. */
export const CorrectionsKept: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classList,
        sheetAnswer(freshSheet),
        saveAnswer({ keptCorrections: 2 }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Save|រក្សាទុក)$/ }));
    await expect(
      await screen.findByText(/The office had corrected 2 marks|ការិយាល័យបានកែតម្រូវ 2/),
    ).toBeInTheDocument();
  },
};

/** No network when saving: the sheet is kept on the phone, and the teacher is told so. */
export const SavedOffline: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classList,
        sheetAnswer(freshSheet),
        answer('postAttendanceSheets', () => HttpResponse.error()),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      (await statusOf(canvasElement, 3)).getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }));
    await expect(
      await canvas.findByText(/Saved on this phone|បានរក្សាទុកនៅលើទូរស័ព្ទនេះ/),
    ).toBeInTheDocument();
    await expect(canvas.getByText(/1 sheet is waiting|មាន 1 បញ្ជីកំពុងរង់ចាំ/)).toBeInTheDocument();
    // The marks saved on the phone stay on screen.
    await expect(
      (await statusOf(canvasElement, 3)).getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }),
    ).toBeChecked();
    await expect(canvas.getByRole('button', { name: /Send now|ផ្ញើឥឡូវ/ })).toBeInTheDocument();
  },
};

/** The edit window closed between opening and saving: refused with the reason, not queued. */
export const SaveRefusedLocked: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classList,
        sheetAnswer(freshSheet),
        answer('postAttendanceSheets', () => failure(403, 'ATTENDANCE_LOCKED', 'Locked')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Save|រក្សាទុក)$/ }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(/can no longer be changed by a teacher|គ្រូមិនអាចកែ/);
    await waitFor(() => expect(canvas.queryByText(/waiting on this phone|កំពុងរង់ចាំផ្ញើ/)).toBeNull());
  },
};

/** After the edit window a teacher reads the sheet only, and is told why. */
export const Locked: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classList,
        sheetAnswer({
          ...savedFrom({
            id: freshSheet.id,
            classId: sevenA.id,
            date: today,
            session: 'morning',
            marks: [],
          }),
          editable: false,
          editableUntil: '2026-11-20',
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /Teachers could change it until 20 Nov 2026|គ្រូអាចកែបានរហូតដល់ថ្ងៃ 20 វិច្ឆិកា 2026/,
      ),
    ).toBeInTheDocument();
    await expect(
      (await statusOf(canvasElement, 0)).getByRole('radio', { name: /^(Absent|អវត្តមាន)$/ }),
    ).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: /^(Save|រក្សាទុក)$/ })).toBeNull();
  },
};

const office: SessionUser = {
  ...storyUser,
  roles: ['office'],
  roleTags: [],
  permissions: ['attendance.read:school', 'attendance.record:school', 'attendance.correct:school'],
};
const taken = savedFrom({
  id: freshSheet.id,
  classId: sevenA.id,
  date: today,
  session: 'morning',
  marks: [],
});

/** The office corrects a teacher's sheet: the teacher's own mark stays beside the correction. */
export const OfficeCorrecting: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classList,
        sheetAnswer({
          ...taken,
          correcting: true,
          rows: taken.rows.map((row, index) =>
            index === 6
              ? {
                  ...row,
                  status: 'permission',
                  taken: { status: 'absent', minutesLate: null },
                  correction: { by: 'Chan Sophal', at: '2026-11-21T03:00:00.000Z' },
                }
              : row,
          ),
        }),
        saveAnswer(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /(Taken as|ស្រង់ថា) (Absent|អវត្តមាន), (corrected by|កែតម្រូវដោយ) Chan Sophal/,
      ),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText(/teacher's own marks are kept|ការកំណត់ដើមរបស់គ្រូត្រូវបានរក្សាទុក/),
    ).toBeInTheDocument();
  },
};

/**
 * The sheet the page opens on comes with the classes (one request on a phone): the roster shows
 * without asking for the sheet, whose answer here would never come.
 */
let sheetsAsked = 0;
export const OpensOnTheSheetSentWithTheClasses: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        answer('getAttendanceClasses', () => ({ ...classes, opening: freshSheet })),
        answer('getAttendanceSheet', async () => {
          sheetsAsked += 1;
          await delay('infinite');
          return { sheet: freshSheet };
        }),
        saveAnswer(),
      ],
    },
  },
  beforeEach: () => {
    sheetsAsked = 0;
  },
  play: async ({ canvasElement }) => {
    await statusOf(canvasElement, 0);
    await expect(sheetsAsked).toBe(0);
  },
};

/** A teacher with no class: what to do about it. */
export const NoClasses: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        answer('getAttendanceClasses', () => ({ ...classes, items: [], periods: [] })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        /No classes to take attendance for|គ្មានថ្នាក់សម្រាប់ស្រង់វត្តមានទេ/,
      ),
    ).toBeInTheDocument();
  },
};

/** The server fails: a translated error and a way to try again. */
export const Failing: Story = {
  parameters: {
    msw: {
      handlers: [as(teacher), answer('getAttendanceClasses', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const retry = await canvas.findByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ });
    await expect(retry.closest('[role="alert"]')).toHaveTextContent(/Server error|ម៉ាស៊ីនមេមានបញ្ហា/);
  },
};

/** A slow connection: the pickers are there at once, the roster says it is loading. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [
        as(teacher),
        classList,
        answer('getAttendanceSheet', async () => {
          await delay('infinite');
          return { sheet: freshSheet };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Loading the sheet|កំពុងផ្ទុកបញ្ជីវត្តមាន/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Class|ថ្នាក់/ })).toBeInTheDocument();
  },
};
