import type {
  AttendanceStatus,
  Enrollment,
  ImportResult,
  SchoolClass,
  Student,
  StudentAttendanceResponse,
  StudentDetailResponse,
} from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import StudentDetailPage from '../../packages/app/src/pages/students/StudentDetailPage.js';
import StudentListPage from '../../packages/app/src/pages/students/StudentListPage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, failure, page } from './fixtures.js';
import { answer } from './answer.js';
import { stateStories } from './states.js';
import { telegramHidden } from './telegramHandlers.js';

const manager = {
  ...storyUser,
  permissions: [
    'students.read:school',
    'students.manage:school',
    'classes.read:school',
    'attendance.read:school',
  ],
};

const uuid = (group: number, n: number) =>
  `00000000-0000-4000-8000-${String(group).padStart(4, '0')}${String(n).padStart(8, '0')}`;

const class7A = { id: uuid(3, 1), nameKm: 'ថ្នាក់ទី៧A', nameEn: 'Grade 7A' };
const class7B = { id: uuid(3, 2), nameKm: 'ថ្នាក់ទី៧B', nameEn: 'Grade 7B' };
const grade7 = { id: uuid(2, 7), number: 7, nameKm: 'ថ្នាក់ទី៧', nameEn: 'Grade 7' };
const schoolClass = (named: typeof class7A, section: string, room: string): SchoolClass => ({
  ...named,
  yearId: uuid(1, 1),
  gradeLevel: grade7,
  section,
  homeroomTeacher: null,
  room,
  session: 'morning',
  capacity: 45,
  studentCount: 42,
  femaleCount: 21,
  version: 1,
  updatedAt: '2026-11-02T01:00:00.000Z',
});
const classes: SchoolClass[] = [
  schoolClass(class7A, 'A', 'A101'),
  schoolClass(class7B, 'B', 'A102'),
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

const profile = answer('postProfile', () => ({ user: manager }));
const classList = answer('getClasses', () => page(classes));
/** The student's marks: present every morning but one absence and one late arrival. */
const attendance: StudentAttendanceResponse = {
  items: [
    ['2026-11-20', 'absent', null, 'Fever'],
    ['2026-11-19', 'late', 15, ''],
    ['2026-11-18', 'present', null, ''],
    ['2026-11-17', 'present', null, ''],
  ].map(([date, status, minutesLate, note]) => ({
    date: date as string,
    session: 'morning',
    period: null,
    schoolClass: class7B,
    status: status as AttendanceStatus,
    minutesLate: minutesLate as number | null,
    note: note as string,
  })),
  totals: { present: 2, absent: 1, permission: 0, late: 1 },
  rate: 0.75,
};
const attendanceHistory = answer('getAttendanceStudent', () => attendance);
const common = [profile, classList, attendanceHistory, telegramHidden];

function Screen({ locale, path }: { locale: 'en' | 'km'; path: string }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path={path}
      routes={[
        { path: '/students', element: <StudentListPage /> },
        { path: '/students/:id', element: <StudentDetailPage /> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Students',
  component: Screen,
  args: { locale: 'en', path: '/students' },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [...common, answer('getStudents', () => page(students))],
    },
  },
  render: (args, { globals }) => (
    <Screen locale={globals.locale === 'km' ? 'km' : 'en'} path={args.path} />
  ),
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

const listStates = stateStories('getStudents', { handlers: common });

/** A new school: the list says how to add students. */
export const Empty: Story = listStates.empty(page([]), /No students yet|មិនទាន់មានសិស្សនៅឡើយទេ/);

/** The server cannot answer: the table says so and offers to try again. */
export const LoadFails: Story = listStates.failing();

/** A slow network: the table shows it is loading. */
export const Slow: Story = listStates.slow(async (canvas) => {
  await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
  await expect(canvas.queryByText('S2026-0011')).not.toBeInTheDocument();
});

/** Deleting a student with an enrollment history: the server's reason is shown. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getStudents', () => page(students)),
        answer('deleteStudent', () =>
          failure(
            409,
            'STUDENT_IN_USE',
            'This student has an enrollment history. Change their status instead of deleting them.',
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

/** A portrait standing in for a student's photo (the server answers the stored image). */
const portrait = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<rect width="300" height="400" fill="#cfe3f5"/><circle cx="150" cy="150" r="70" fill="#7a8fa6"/>
<rect x="60" y="240" width="180" height="160" rx="80" fill="#7a8fa6"/></svg>`;
const photoId = uuid(9, 1);
const photo = answer('getFile', () =>
  HttpResponse.text(portrait, { headers: { 'content-type': 'image/svg+xml' } }),
);

const sophea: Student = {
  ...students[0]!,
  birthDate: '2013-05-17',
  birthPlace: 'Battambang',
  address: 'Phum Kandal, Sangkat Svay Por, Battambang',
  guardianRelation: 'Mother',
  photoFileId: photoId,
  currentClass: class7B,
  version: 4,
};
const enrollment = (
  n: number,
  named: typeof class7A,
  startDate: string,
  endDate: string | null,
  endReason: Enrollment['endReason'],
  year: { id: string; name: string } = { id: uuid(1, 1), name: '2026–2027' },
): Enrollment => ({
  id: uuid(7, n),
  yearId: year.id,
  yearName: year.name,
  schoolClass: named,
  startDate,
  endDate,
  endReason,
});
const lastYear = { id: uuid(1, 0), name: '2025–2026' };
const class6A = { id: uuid(3, 0), nameKm: 'ថ្នាក់ទី៦A', nameEn: 'Grade 6A' };
/** Sophea: grade 6A last year (promoted), 7A from October, moved to 7B in November. */
const sopheaDetail: StudentDetailResponse = {
  student: sophea,
  enrollments: [
    enrollment(3, class7B, '2026-11-16', null, null),
    enrollment(2, class7A, '2026-10-01', '2026-11-15', 'transferred'),
    enrollment(1, class6A, '2025-10-01', '2026-07-31', 'promoted', lastYear),
  ],
};
/** Dara: in 7A since the first day of the year. */
const dara: Student = {
  ...students[1]!,
  birthDate: '2013-02-03',
  birthPlace: 'Phnom Penh',
  address: 'Street 271, Phnom Penh',
  guardianRelation: 'Father',
};
const daraDetail: StudentDetailResponse = {
  student: dara,
  enrollments: [enrollment(4, class7A, '2026-10-01', null, null)],
};
const daraTransferred: StudentDetailResponse = {
  student: { ...dara, currentClass: class7B, version: 2 },
  enrollments: [
    enrollment(5, class7B, '2026-11-20', null, null),
    { ...daraDetail.enrollments[0]!, endDate: '2026-11-19', endReason: 'transferred' },
  ],
};
const detailOf = (detail: StudentDetailResponse) => answer('getStudent', () => detail);

/** Types a day into a date field (the browser's own date input). */
async function setDate(field: HTMLElement, value: string) {
  await fireEvent.change(field, { target: { value } });
}

/** One student: photo, details, guardian, status and their classes year by year. */
export const Detail: Story = {
  args: { path: `/students/${sophea.id}` },
  parameters: { msw: { handlers: [...common, photo, detailOf(sopheaDetail)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Chan Sophea|ចាន់ សុភា/ }),
    ).toBeInTheDocument();
    const history = canvas.getByRole('region', { name: '2026–2027' });
    await expect(within(history).getByText(/Grade 7A|ថ្នាក់ទី៧A/)).toBeInTheDocument();
    await expect(within(history).getByText(/Grade 7B|ថ្នាក់ទី៧B/)).toBeInTheDocument();
    await expect(within(history).getByText(/15 Nov 2026|15 វិច្ឆិកា 2026/)).toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: '2025–2026' })).toBeInTheDocument();
    await expect(canvas.getByText('012 345 678')).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: /Photo of|រូបថតរបស់/ })).toBeInTheDocument();
    // Their attendance: the marks, the totals and the rate.
    await expect(await canvas.findByText(/75\.0%/)).toBeInTheDocument();
    await expect(await canvas.findByRole('gridcell', { name: /Fever/ })).toBeInTheDocument();
  },
};

/** A student never enrolled: the history says so, and the manager may enrol them. */
export const DetailWithoutClass: Story = {
  args: { path: `/students/${students[2]!.id}` },
  parameters: {
    msw: { handlers: [...common, detailOf({ student: students[2]!, enrollments: [] })] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Not yet in a class|មិនទាន់មានថ្នាក់នៅឡើយទេ/),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /Enrol in a class|ចុះឈ្មោះចូលថ្នាក់/ }),
    ).toBeInTheDocument();
  },
};

/** Moving a student mid-year: pick the class and the first day; the history shows both. */
export const Transfer: Story = {
  args: { path: `/students/${dara.id}` },
  parameters: {
    msw: {
      handlers: [
        ...common,
        detailOf(daraDetail),
        answer('postStudentEnrollments', ({ body }) => {
          return body.transfer === true && body.classId === class7B.id
            ? daraTransferred
            : failure(400, 'VALIDATION_FAILED', 'Invalid');
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Transfer|ផ្ទេរថ្នាក់)$/ }));
    const dialog = await screen.findByRole('dialog');
    const pick = within(dialog).getByRole('button', { name: /New class|ថ្នាក់ថ្មី/ });
    await waitFor(() => expect(pick).toBeEnabled());
    await userEvent.click(pick);
    await userEvent.click(await screen.findByRole('option', { name: /Grade 7B|ថ្នាក់ទី៧B/ }));
    await setDate(
      within(dialog).getByLabelText(/First day in the new class|ថ្ងៃដំបូងក្នុងថ្នាក់ថ្មី/),
      '2026-11-20',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Transfer|ផ្ទេរថ្នាក់)$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const history = canvas.getByRole('region', { name: '2026–2027' });
    await expect(within(history).getByText(/Grade 7A|ថ្នាក់ទី៧A/)).toBeInTheDocument();
    await expect(within(history).getByText(/Grade 7B|ថ្នាក់ទី៧B/)).toBeInTheDocument();
    await expect(within(history).getByText(/19 Nov 2026|19 វិច្ឆិកា 2026/)).toBeInTheDocument();
  },
};

/** The class chosen is full: the server's refusal is shown in the dialog, translated. */
export const TransferRefused: Story = {
  args: { path: `/students/${dara.id}` },
  parameters: {
    msw: {
      handlers: [
        ...common,
        detailOf(daraDetail),
        answer('postStudentEnrollments', () => failure(409, 'CLASS_FULL', 'This class is full')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Transfer|ផ្ទេរថ្នាក់)$/ }));
    const dialog = await screen.findByRole('dialog');
    const pick = within(dialog).getByRole('button', { name: /New class|ថ្នាក់ថ្មី/ });
    await waitFor(() => expect(pick).toBeEnabled());
    await userEvent.click(pick);
    await userEvent.click(await screen.findByRole('option', { name: /Grade 7B|ថ្នាក់ទី៧B/ }));
    await setDate(
      within(dialog).getByLabelText(/First day in the new class|ថ្ងៃដំបូងក្នុងថ្នាក់ថ្មី/),
      '2026-11-20',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Transfer|ផ្ទេរថ្នាក់)$/ }));
    await expect(
      await within(dialog).findByText(/This class is full|ថ្នាក់នេះពេញហើយ/),
    ).toBeInTheDocument();
  },
};

/** An address naming no student: a clear page in the interface language, no server call. */
export const NotFound: Story = {
  args: { path: '/students/:id' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: /Student not found|រកមិនឃើញសិស្ស/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /All students|សិស្សទាំងអស់/ })).toBeInTheDocument();
  },
};

const detailStates = stateStories('getStudent', {
  handlers: common,
  path: `/students/${dara.id}`,
});

/** The server cannot answer: the page says so and offers to try again. */
export const DetailLoadFails: Story = detailStates.failing({ retry: true });

/** A slow network: the page shows it is loading the student. */
export const DetailSlow: Story = detailStates.slow(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: /Loading the student|កំពុងផ្ទុកព័ត៌មានសិស្ស/ }),
  ).toBeInTheDocument();
});

/** Editing: every field, the stored photo, the code shown but not editable. */
export const EditForm: Story = {
  args: { path: `/students/${sophea.id}` },
  parameters: { msw: { handlers: [...common, photo, detailOf(sopheaDetail)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Edit|កែប្រែ)$/ }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByRole('textbox', { name: /^(Code|លេខកូដ)/ });
    await expect(code).toHaveValue('S2026-0011');
    await expect(code).toHaveAttribute('readonly');
    await expect(within(dialog).getByLabelText(/Date of birth|ថ្ងៃខែឆ្នាំកំណើត/)).toHaveValue(
      '2013-05-17',
    );
    await expect(
      within(dialog).getByRole('textbox', { name: /Relation to the student|ត្រូវជាអ្វីនឹងសិស្ស/ }),
    ).toHaveValue('Mother');
  },
};

/** Someone else saved the student meanwhile: the form says so and offers their version. */
export const EditConflict: Story = {
  args: { path: `/students/${sophea.id}` },
  parameters: {
    msw: {
      handlers: [
        ...common,
        photo,
        detailOf(sopheaDetail),
        answer('patchStudent', () =>
          failure(
            409,
            'VERSION_CONFLICT',
            'Someone else changed this record while you were editing it. Reload it and make your change again.',
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Edit|កែប្រែ)$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }),
    );
    await expect(
      await within(dialog).findByText(/was changed meanwhile|ត្រូវបានកែប្រែក្នុងពេលនេះ/),
    ).toBeInTheDocument();
    await expect(
      within(dialog).getByRole('button', { name: /Load the latest version|ផ្ទុកកំណែចុងក្រោយ/ }),
    ).toBeInTheDocument();
  },
};

/** A new student whose code is taken and whose guardian's phone is wrong: each field says so. */
export const CreateFieldErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getStudents', () => page(students)),
        answer('postStudents', () =>
          failure(409, 'CODE_EXISTS', 'This code is already used in the school', {
            code: ['CODE_EXISTS'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /New student|សិស្សថ្មី/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^(Code|លេខកូដ)/ }),
      'S2026-0011',
    );
    await userEvent.type(
      within(dialog).getAllByRole('textbox', { name: /English|អង់គ្លេស/ })[0]!,
      'Sok Dara',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Create student|បង្កើតសិស្ស/ }));
    // Next to the field, and in the summary at the top that links to it.
    const code = within(dialog).getByRole('textbox', { name: /^(Code|លេខកូដ)/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/already used|ត្រូវបានប្រើរួចហើយ/));
    const summary = within(dialog).getByRole('alert', { name: /field|ប្រអប់/ });
    await expect(summary).toHaveFocus();
    await expect(
      within(summary).getByRole('link', { name: /already used|ត្រូវបានប្រើរួចហើយ/ }),
    ).toBeVisible();
  },
};

const importPreview: ImportResult = {
  rows: 4,
  created: 2,
  updated: 1,
  committed: false,
  errors: [
    {
      row: 4,
      field: 'classId',
      column: 'Class',
      code: 'INVALID_REFERENCE',
      message: 'A chosen record does not exist in this school',
    },
  ],
  preview: [
    { row: 2, code: 'S2026-0101', nameKm: 'សុខ ដារ៉ា', nameEn: 'Sok Dara', action: 'create' },
    { row: 3, code: 'S2026-0102', nameKm: 'មាស ស្រីពៅ', nameEn: 'Meas Sreypov', action: 'create' },
    { row: 5, code: 'S2026-0011', nameKm: 'ចាន់ សុភា', nameEn: 'Chan Sophea', action: 'update' },
  ],
};

/** An import checked first: a row naming a class the year does not have is shown with its column. */
export const ImportPreviewWithErrors: Story = {
  parameters: {
    msw: {
      handlers: [
        ...common,
        answer('getStudents', () => page(students)),
        answer('postStudentsImport', () => importPreview),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Import|នាំចូល)$/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['sheet'], 'students.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const inDialog = within(dialog);
    await expect(
      await inDialog.findByText(/does not exist in this school|មិនមាននៅក្នុងសាលារៀននេះទេ/),
    ).toBeInTheDocument();
    await expect(inDialog.getAllByText(/^(Class|ថ្នាក់)$/).length).toBeGreaterThan(0);
    await expect(inDialog.getByRole('button', { name: /^(Import|នាំចូល)/ })).toBeDisabled();
  },
};

/** A leaver: the last day and the reason; the history keeps the class with its end. */
export const EndEnrollment: Story = {
  args: { path: `/students/${dara.id}` },
  parameters: {
    msw: {
      handlers: [
        ...common,
        detailOf(daraDetail),
        answer('postStudentEnrollmentEnd', ({ body }) => {
          // Leaving keeps the student's status; the other reasons become it.
          const status = body.reason === 'left' ? dara.status : body.reason;
          return {
            student: { ...dara, status, currentClass: null, version: 2 },
            enrollments: [
              {
                ...daraDetail.enrollments[0]!,
                endDate: body.endDate,
                endReason: body.reason,
              },
            ],
          };
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: /^(End enrollment|បញ្ចប់ការចុះឈ្មោះ)$/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await setDate(
      within(dialog).getByLabelText(/Last day in the class|ថ្ងៃចុងក្រោយក្នុងថ្នាក់/),
      '2026-11-20',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /Reason|មូលហេតុ/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Dropped out|បោះបង់ការសិក្សា/ }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: /^(End enrollment|បញ្ចប់ការចុះឈ្មោះ)$/ }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const history = canvas.getByRole('region', { name: '2026–2027' });
    await expect(within(history).getByText(/20 Nov 2026|20 វិច្ឆិកា 2026/)).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /^(Enrol in a class|ចុះឈ្មោះចូលថ្នាក់)$/ }),
    ).toBeInTheDocument();
  },
};
