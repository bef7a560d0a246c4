import {
  defaultGradeBands,
  type AcademicYear,
  type GradeLevel,
  type Period,
  type School,
  type SchoolClass,
} from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import SetupPage from '../../packages/app/src/pages/setup/SetupPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, serverError, failure } from './fixtures.js';
import { answer } from './answer.js';

const admin = { ...storyUser, permissions: ['school.manage:school', 'users.manage:school'] };

const school = (setupCompleted: boolean): School => ({
  ...storyUser.school,
  settings: {
    allowSignup: false,
    defaultPhoneCountry: 'KH',
    demo: true,
    address: 'Street 271, Phnom Penh',
    phone: '+85523123456',
    gradeBands: defaultGradeBands,
    attendanceSessions: ['morning', 'afternoon'],
    attendanceEditDays: 7,
    lateCountsAsPresent: true,
    resultDigits: 'latn',
    resultDecimals: 2,
    studentOrder: 'name',
    setupCompleted,
  },
});

const years: AcademicYear[] = [
  {
    id: '00000000-0000-4000-8000-000000000301',
    name: '2026–2027',
    startDate: '2026-11-01',
    endDate: '2027-08-31',
    isCurrent: true,
    classCount: 18,
    version: 1,
    terms: [
      {
        id: '00000000-0000-4000-8000-000000000311',
        number: 1,
        nameKm: 'ឆមាសទី១',
        nameEn: 'Semester 1',
        months: [11, 12, 1, 2, 3],
        examMonth: 3,
      },
      {
        id: '00000000-0000-4000-8000-000000000312',
        number: 2,
        nameKm: 'ឆមាសទី២',
        nameEn: 'Semester 2',
        months: [4, 5, 6, 7, 8],
        examMonth: 8,
      },
    ],
  },
];

const gradeLevels: GradeLevel[] = [7, 8, 9, 10, 11, 12].map((n) => ({
  id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
  number: n,
  nameKm: `ថ្នាក់ទី${n}`,
  nameEn: `Grade ${n}`,
  maxScore: 50,
  divisor: null,
  version: 1,
}));

const periods: Period[] = (['morning', 'afternoon'] as const).flatMap((session, s) =>
  [1, 2, 3, 4].map((number) => {
    const hour = (s === 0 ? 7 : 13) + number - 1;
    return {
      id: `00000000-0000-4000-8000-0000000005${s}${number}`,
      session,
      number,
      startTime: `${String(hour).padStart(2, '0')}:00`,
      endTime: `${String(hour).padStart(2, '0')}:50`,
      version: 1,
    };
  }),
);

const profile = answer('postProfile', () => ({ user: admin }));
const structure = [
  answer('getAcademicYears', () => ({ items: years })),
  answer('getGradeLevels', () => ({ items: gradeLevels })),
  answer('getPeriods', () => ({ items: periods })),
];

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/setup"
      routes={[{ path: '/setup', element: <SetupPage /> }]}
    />
  );
}

const meta = {
  title: 'App/Setup',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [profile, ...structure, answer('getSchool', () => ({ school: school(true) }))],
    },
  },
  render: (_args, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A school already set up: its names, address and phone, the other sections in tabs. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Street 271, Phnom Penh')).toBeInTheDocument();
    await expect(canvas.queryByText(/Welcome|សូមស្វាគមន៍/)).not.toBeInTheDocument();
  },
};

/** The grade bands and how results are printed. */
export const GradesAndMentions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('tab', { name: /Grades and results|និទ្ទេស និងលទ្ធផល/ }),
    );
    await expect(await canvas.findByDisplayValue('Excellent')).toBeInTheDocument();
  },
};

/** The periods of the day in each shift, with their times. */
export const Periods: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: /^(Periods|ម៉ោងសិក្សា)$/ }));
    await expect(
      await canvas.findByLabelText(/^(Afternoon period 4 ends|ម៉ោងទី 4 ពេលរសៀល បញ្ចប់)/),
    ).toHaveValue('16:50');
  },
};

/** A new school: the banner walks the administrator through the sections, step by step. */
export const FirstRun: Story = {
  parameters: {
    msw: {
      handlers: [profile, ...structure, answer('getSchool', () => ({ school: school(false) }))],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Welcome|សូមស្វាគមន៍/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Next step|ជំហានបន្ទាប់/ }));
    await expect(await canvas.findByText('2026–2027')).toBeInTheDocument();
  },
};

/** The server cannot answer: the page says so and offers to try again. */
export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: [profile, answer('getSchool', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/),
    ).toBeInTheDocument();
  },
};

/** A slow network: the page shows it is loading. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        answer('getSchool', async () => {
          await delay('infinite');
          return { school: school(true) };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(canvas.queryByRole('tab')).not.toBeInTheDocument();
  },
};

/** Deleting the current year, which has classes: the server's reason is shown. */
export const DeleteYearRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        profile,
        ...structure,
        answer('getSchool', () => ({ school: school(true) })),
        answer('deleteAcademicYear', () =>
          failure(409, 'YEAR_IN_USE', 'This academic year still has classes. Remove them first.'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('tab', { name: /Academic years|ឆ្នាំសិក្សា/ }));
    await userEvent.click(await canvas.findByRole('button', { name: /^(Delete|លុប) 2026–2027$/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Delete|លុប)$/ }));
    await waitFor(() =>
      expect(screen.getByText(/still has classes|នៅមានថ្នាក់/)).toBeInTheDocument(),
    );
  },
};

const rolloverClass: SchoolClass = {
  id: '00000000-0000-4000-8000-000000000601',
  yearId: years[0]!.id,
  gradeLevel: { id: gradeLevels[5]!.id, number: 12, nameKm: 'ថ្នាក់ទី១២', nameEn: 'Grade 12' },
  section: 'ក',
  nameKm: 'ថ្នាក់ទី១២ក',
  nameEn: 'Grade 12A',
  homeroomTeacher: null,
  room: 'C301',
  session: 'morning',
  capacity: 45,
  studentCount: 3,
  femaleCount: 1,
  version: 1,
  updatedAt: '2026-09-01T01:00:00.000Z',
};
const rolloverStudents = [
  ['000001', 'សុខ ដារា', 'Sok Dara'],
  ['000002', 'ចាន់ សុភា', 'Chan Sophea'],
  ['000003', 'លី ម៉ានី', 'Ly Many'],
].map(([code, nameKm, nameEn], i) => ({
  id: `00000000-0000-4000-8000-00000000070${i + 1}`,
  code: code!,
  nameKm: nameKm!,
  nameEn: nameEn!,
  gender: null,
  birthDate: null,
  birthPlace: '',
  photoFileId: null,
  address: '',
  guardianName: '',
  guardianPhone: null,
  guardianRelation: '',
  status: 'studying' as const,
  currentClass: rolloverClass,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
}));

/** Opens the rollover of the current year and names a repeater and a leaver of Grade 12A. */
async function chooseExceptions(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('tab', { name: /Academic years|ឆ្នាំសិក្សា/ }));
  await userEvent.click(
    await canvas.findByRole('button', { name: /^(Start next year|ចាប់ផ្ដើមឆ្នាំបន្ទាប់)$/ }),
  );
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.type(dialog.getByRole('textbox', { name: /Name|ឈ្មោះ/ }), '2027–2028');
  await userEvent.click(dialog.getByRole('button', { name: /(Class|ថ្នាក់)$/ }));
  await userEvent.click(await screen.findByRole('option', { name: /Grade 12A|ថ្នាក់ទី១២ក/ }));
  await userEvent.click(await dialog.findByRole('button', { name: /Sok Dara|សុខ ដារា/ }));
  await userEvent.click(await screen.findByRole('option', { name: /Repeats|ត្រួតថ្នាក់/ }));
  await userEvent.click(dialog.getByRole('button', { name: /Ly Many|លី ម៉ានី/ }));
  await userEvent.click(await screen.findByRole('option', { name: /dropped out|បោះបង់/ }));
  await expect(dialog.getByText(/Repeaters and leavers chosen: 2|ជ្រើស៖ 2/)).toBeInTheDocument();
  return dialog;
}

const rolloverParameters = {
  msw: {
    handlers: [
      profile,
      ...structure,
      answer('getSchool', () => ({ school: school(true) })),
      answer('getClasses', () => ({ items: [rolloverClass], total: 1, page: 1, pageSize: 200 })),
      answer('getStudents', () => ({ items: rolloverStudents, total: 3, page: 1, pageSize: 100 })),
      answer('postAcademicYearRollover', ({ body }) => {
        const repeaters = body.repeaterIds?.length ?? 0;
        const leavers = body.leavers?.length ?? 0;
        return {
          year: { ...years[0]!, id: '00000000-0000-4000-8000-000000000302', name: body.name },
          classesCreated: 17,
          studentsPromoted: 700,
          studentsRepeating: repeaters,
          studentsLeaving: leavers,
          studentsGraduated: 42 - repeaters - leavers,
        };
      }),
    ],
  },
};

/** Choosing repeaters and leavers: a class's students, one choice each, and the chosen ones. */
export const RolloverExceptions: Story = {
  parameters: rolloverParameters,
  play: async ({ canvasElement }) => {
    await chooseExceptions(canvasElement);
  },
};

/**
 * The next year from this one: its name and dates, then the exceptions chosen class by class —
 * here one student repeats Grade 12 and one leaves — and what the server did.
 */
export const Rollover: Story = {
  parameters: rolloverParameters,
  play: async ({ canvasElement }) => {
    const dialog = await chooseExceptions(canvasElement);
    fireEvent.change(dialog.getByLabelText(/^(First day|ថ្ងៃដំបូង)/), {
      target: { value: '2027-11-01' },
    });
    fireEvent.change(dialog.getByLabelText(/^(Last day|ថ្ងៃចុងក្រោយ)/), {
      target: { value: '2028-08-31' },
    });
    const submit = dialog.getAllByRole('button', {
      name: /^(Start next year|ចាប់ផ្ដើមឆ្នាំបន្ទាប់)$/,
    });
    await userEvent.click(submit[submit.length - 1]!);
    await expect(
      await dialog.findByText(/Students repeating: 1|សិស្សត្រួតថ្នាក់៖ 1/),
    ).toBeInTheDocument();
    await expect(dialog.getByText(/Students leaving: 1|សិស្សចាកចេញ៖ 1/)).toBeInTheDocument();
  },
};
