import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ScoringEntryPage from '../../packages/app/src/pages/scoring/ScoringEntryPage.js';
import { AppFrame } from './AppFrame.js';
import { serverError, unanswered } from './fixtures.js';
import {
  as,
  batchAnswer,
  batchFails,
  batchOffline,
  cellsWithPhysics,
  classList,
  classesBody,
  conflictHandlers,
  homeroomTeacher,
  importAnswer,
  khmer,
  maths,
  office,
  pathFor,
  publishPreviewAnswer,
  publishPreviewFails,
  publishRequests,
  savedBatches,
  sheetAnswer,
  statusAnswer,
  statusAnswerFor,
  students,
  subjects,
} from './scoringHandlers.js';
import { answer } from './answer.js';

function Screen({ locale, path, width }: { locale: 'en' | 'km'; path: string; width?: number }) {
  return (
    <div style={width ? { width } : undefined}>
      <AppFrame
        locale={locale}
        signedIn
        path={path}
        routes={[{ path: '/studentScoringEntry', element: <ScoringEntryPage /> }]}
      />
    </div>
  );
}

const meta = {
  title: 'App/Scoring/Entry',
  component: Screen,
  args: { locale: 'en', path: pathFor() },
  parameters: {
    layout: 'padded',
    msw: {
      handlers: [as(homeroomTeacher), classList, sheetAnswer(), batchAnswer(), statusAnswer],
    },
  },
  beforeEach: () => {
    savedBatches.length = 0;
  },
  render: (args, { globals }) => (
    <Screen {...args} locale={globals.locale === 'km' ? 'km' : 'en'} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = async (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('grid', { name: /Grade 7A|ថ្នាក់ទី៧A/ });
const cellAt = (root: HTMLElement, row: number, col: number) =>
  root.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`)!;
const saved = /^(All changes saved|បានរក្សាទុកការកែប្រែទាំងអស់)$/;

/**
 * The homeroom teacher's view: students × subjects. They type two Khmer scores; the cells are
 * saved in one batch, each with the score it replaces; other teachers' subjects are view only.
 */
export const AllSubjects: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await expect(within(table).getAllByRole('row')).not.toHaveLength(0);
    await expect(
      within(table).getByRole('rowheader', { name: /S0006 .*\((left the class|បានចាកចេញពីថ្នាក់)\)/ }),
    ).toBeInTheDocument();
    await expect(cellAt(table, 0, 2)).toHaveAttribute('aria-readonly', 'true');
    await userEvent.click(cellAt(table, 14, 0));
    await userEvent.keyboard('41{Enter}38.5{Enter}');
    await expect(await canvas.findByText(saved, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(savedBatches).toHaveLength(1));
    await expect(savedBatches[0]!.cells).toEqual([
      expect.objectContaining({
        studentId: students[14]!.id,
        subjectId: khmer.id,
        score: 41,
        was: { score: null, absent: false },
      }),
      expect.objectContaining({ studentId: students[15]!.id, score: 38.5 }),
    ]);
    await expect(cellAt(table, 14, 0)).toHaveTextContent('41');
  },
};

/** One subject: score, absent and note; A in the score marks the student absent. */
export const OneSubject: Story = {
  args: { path: pathFor(maths.id) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      expect.stringMatching(/Student|សិស្ស/),
      expect.stringMatching(/\/50/),
      expect.stringMatching(/Absent|អវត្តមាន/),
      expect.stringMatching(/Note|កំណត់សម្គាល់/),
    ]);
    await userEvent.click(cellAt(table, 6, 0));
    await userEvent.keyboard('a{Tab}');
    // a, A and អ are one mark, shown in the language's own letter in both columns.
    await expect(cellAt(table, 6, 0)).toHaveTextContent(/(A|អ)$/);
    await expect(cellAt(table, 6, 1)).toHaveTextContent(/(A|អ)$/);
    await userEvent.keyboard('{Tab}Flu{Enter}');
    await expect(await canvas.findByText(saved, {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(savedBatches.flatMap((b) => b.cells)).toContainEqual(
      expect.objectContaining({ studentId: students[6]!.id, absent: true, score: null }),
    );
  },
};

/**
 * What cannot be a score stays in its cell, marked and explained in it (no hovering needed), and
 * is never sent; the save state counts and names those cells instead of saying all is saved.
 */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await userEvent.click(cellAt(table, 14, 0));
    await userEvent.keyboard('75{Enter}x1{Enter}44{Enter}');
    await expect(
      await canvas.findByText(
        /^(Everything else is saved|ការកែប្រែផ្សេងទៀតបានរក្សាទុកហើយ)$/,
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByText(saved)).not.toBeInTheDocument();
    await expect(cellAt(table, 14, 0)).toHaveAttribute('aria-invalid', 'true');
    await expect(cellAt(table, 14, 0)).toHaveAccessibleDescription(/0.*50/);
    await expect(cellAt(table, 14, 0)).toHaveTextContent(/0.*50/);
    await expect(cellAt(table, 15, 0)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByTestId('refused-cells')).toHaveTextContent(
      /2 cells not saved|ក្រឡា 2 មិនបានរក្សាទុក/,
    );
    await expect(
      savedBatches.flatMap((b) => b.cells).filter((c) => c.subjectId === khmer.id),
    ).toEqual([expect.objectContaining({ studentId: students[16]!.id, score: 44 })]);
  },
};

/** The server fails: the edit is kept, the failure said, and Try again sends it. */
export const SavingError: Story = {
  parameters: {
    msw: { handlers: [as(homeroomTeacher), classList, sheetAnswer(), batchFails, statusAnswer] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await userEvent.click(cellAt(table, 14, 1));
    await userEvent.keyboard('33{Enter}');
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent(/Not saved|មិនបានរក្សាទុក/);
    await expect(
      within(alert).getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
    ).toBeVisible();
    await expect(cellAt(table, 14, 1)).toHaveAttribute('data-dirty');
  },
};

/** No network: the edits wait on the page and go when it is back. */
export const Offline: Story = {
  parameters: {
    msw: { handlers: [as(homeroomTeacher), classList, sheetAnswer(), batchOffline, statusAnswer] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await userEvent.click(cellAt(table, 14, 0));
    await userEvent.keyboard('30{Enter}');
    await expect(
      await canvas.findByText(/Offline — will save when back|គ្មានអ៊ីនធឺណិត/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  },
};

/** Offline with a change waiting: choosing another subject asks first, and Stay keeps all. */
export const LeavingUnsaved: Story = {
  parameters: Offline.parameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await userEvent.click(cellAt(table, 14, 0));
    await userEvent.keyboard('30{Enter}');
    await canvas.findByText(/Offline — will save when back|គ្មានអ៊ីនធឺណិត/, {}, { timeout: 10_000 });
    await userEvent.click(canvas.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^(Khmer|ភាសាខ្មែរ)$/ }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(/1 change is not saved|ការកែប្រែ 1 មិនទាន់/);
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Stay|នៅទីនេះ)$/ }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Still every subject, the typed score still there.
    await expect(await grid(canvasElement)).toBe(table);
    await expect(cellAt(table, 14, 0)).toHaveTextContent(/30$/);
  },
};

/** A slow connection: the pickers are there, the sheet says it is loading. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [as(homeroomTeacher), classList, answer('getScoreSheet', unanswered)],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Loading the scores|កំពុងផ្ទុកពិន្ទុ/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /(Test|ការប្រឡង)$/ })).toHaveTextContent(
      /November|វិច្ឆិកា/,
    );
  },
};

/** Published scores are locked; the office may unlock them, and is told it is audited. */
export const PublishedLocked: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classList,
        sheetAnswer({
          status: 'published',
          enterAll: true,
          rights: { canPublish: true, canUnlock: true },
        }),
        batchAnswer(),
        statusAnswer,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await expect(cellAt(table, 0, 0)).toHaveAttribute('aria-readonly', 'true');
    await expect(canvas.getAllByText(/^(Published|បានផ្សព្វផ្សាយ)$/)).toHaveLength(7);
    // Typing in a locked cell says why, under the grid.
    await userEvent.click(cellAt(table, 0, 0));
    await userEvent.keyboard('4');
    await expect(
      await canvas.findByText(/is published, so its scores are locked|ពិន្ទុត្រូវបានចាក់សោ/),
    ).toBeInTheDocument();
    // Every subject on screen: one Unlock for the seven, which names them all.
    await userEvent.click(
      canvas.getByRole('button', { name: /(Unlock|ដោះសោ)៖? ?:? ?(7 subjects|មុខវិជ្ជា 7)/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(/audit log|កំណត់ហេតុសវនកម្ម/);
    await expect(dialog).toHaveTextContent(/Mathematics|គណិតវិទ្យា/);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Typing mistake in row 3');
  },
};

const officeSheet = sheetAnswer({
  enterAll: true,
  rights: { canPublish: true },
  cells: cellsWithPhysics(),
});

/**
 * The office publishes November: the confirmation counts each subject's scores (entered of
 * expected, who has none, long lists folded). Physics is complete and published; Khmer is
 * chosen although incomplete, its consequence stated; the rest stay drafts. The message says
 * which subjects were published and why each other one was not.
 */
export const PublishIncomplete: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classList,
        officeSheet,
        batchAnswer(),
        publishPreviewAnswer(cellsWithPhysics()),
        statusAnswerFor(cellsWithPhysics()),
      ],
    },
  },
  beforeEach: () => {
    publishRequests.length = 0;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Publish|ផ្សព្វផ្សាយ)៖? ?:? ?(7 subjects|មុខវិជ្ជា 7)/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    const list = await within(dialog).findByRole('list', {
      name: /Subjects to publish|មុខវិជ្ជាដែលត្រូវផ្សព្វផ្សាយ/,
    });
    const row = (name: RegExp) => within(list).getByRole('listitem', { name });
    await expect(row(/^(Physics|រូបវិទ្យា)$/)).toHaveTextContent(/17 of 17|17 ក្នុងចំណោម 17/);
    await expect(row(/^(Physics|រូបវិទ្យា)$/)).toHaveTextContent(/Will be published|នឹងត្រូវផ្សព្វផ្សាយ/);
    await expect(row(/^(Khmer|ភាសាខ្មែរ)$/)).toHaveTextContent(/13 of 17|13 ក្នុងចំណោម 17/);
    await expect(row(/^(Biology|ជីវវិទ្យា)$/)).toHaveTextContent(/No scores|គ្មានពិន្ទុ/);
    // Mathematics: 5 of 17 (one absent); twelve names, five shown and the rest folded.
    const maths = row(/^(Mathematics|គណិតវិទ្យា)$/);
    await expect(maths).toHaveTextContent(/5 of 17 .*\(1 marked absent\)|5 ក្នុងចំណោម 17.*អវត្តមាន 1/);
    const folded = within(maths).getByText(new RegExp(students[16]!.code));
    await expect(folded).not.toBeVisible();
    await userEvent.click(within(maths).getByText(/^(and 7 more|និង 7 នាក់ទៀត)$/));
    await waitFor(() => expect(folded).toBeVisible());
    // Nothing incomplete is chosen yet: one subject would be published.
    await expect(
      within(dialog).getByRole('button', { name: /^(Publish 1 subject|ផ្សព្វផ្សាយមុខវិជ្ជា 1)$/ }),
    ).toBeInTheDocument();
    const khmerChoice = within(row(/^(Khmer|ភាសាខ្មែរ)$/)).getByRole('checkbox');
    await expect(khmerChoice).toHaveAccessibleDescription(
      /4 students have no score|សិស្ស 4 នាក់មិនទាន់មានពិន្ទុ/,
    );
    await userEvent.click(khmerChoice);
    await expect(row(/^(Khmer|ភាសាខ្មែរ)$/)).toHaveTextContent(
      /Chosen: Khmer will be published|បានជ្រើស៖ ភាសាខ្មែរ/,
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: /^(Publish 2 subjects|ផ្សព្វផ្សាយមុខវិជ្ជា 2)$/ }),
    );
    const toast = await screen.findByRole('alertdialog', {
      name: /Published 2 of 7 subjects|បានផ្សព្វផ្សាយមុខវិជ្ជា 2 ក្នុងចំណោម 7/,
    });
    await expect(toast).toHaveTextContent(/Not published: Mathematics|មិនបានផ្សព្វផ្សាយ៖ គណិតវិទ្យា/);
    await expect(toast).toHaveTextContent(
      /Not published: Chemistry, Biology, English — no score|មិនបានផ្សព្វផ្សាយ៖ គីមីវិទ្យា, ជីវវិទ្យា, ភាសាអង់គ្លេស —/,
    );
    await expect(publishRequests.at(-1)).toMatchObject({
      action: 'publish',
      subjectIds: subjects.map((s) => s.id),
      incompleteSubjectIds: [khmer.id],
    });
  },
};

/** The count cannot be read: the confirmation says so and publishes nothing by itself. */
export const PublishCountFails: Story = {
  parameters: {
    msw: {
      handlers: [
        as(office),
        classList,
        officeSheet,
        batchAnswer(),
        publishPreviewFails,
        statusAnswer,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /^(Publish|ផ្សព្វផ្សាយ)៖? ?:? ?(7 subjects|មុខវិជ្ជា 7)/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await expect(
      await within(dialog).findByRole('alert', {}, { timeout: 10_000 }),
    ).toHaveTextContent(/could not be counted|មិនអាចរាប់/);
  },
};

/**
 * Someone else changed a score while the teacher typed: the save is refused, the sheet read
 * again; their score is shown (and the teacher told), the teacher's other edit is saved.
 */
export const Conflict: Story = {
  parameters: {
    msw: { handlers: [as(homeroomTeacher), classList, ...conflictHandlers, statusAnswer] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await userEvent.click(cellAt(table, 14, 0));
    await userEvent.keyboard('41{Enter}38{Enter}');
    await expect(
      await screen.findByText(/changed by someone else|ត្រូវបានអ្នកផ្សេងកែ/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await expect(await canvas.findByText(saved, {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(cellAt(table, 14, 0)).toHaveTextContent(/^(12|១២)$/);
    await expect(savedBatches).toHaveLength(2);
    await expect(savedBatches[1]!.cells).toEqual([
      expect.objectContaining({ studentId: students[15]!.id, score: 38 }),
    ]);
  },
};

/** A teacher hands in a subject: asked first, then its badge says Submitted. */
export const Submitting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    // Khmer is already handed in: Submit is for Mathematics, the other subject the teacher enters.
    await userEvent.click(
      canvas.getByRole('button', { name: /(Submit|ដាក់ជូន)៖? ?:? ?(Mathematics|គណិតវិទ្យា)/ }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Submit|ដាក់ជូន)$/ }));
    await expect(
      await canvas.findByRole('button', {
        name: /(Reopen|បើកវិញ)៖? ?:? ?(2 subjects|មុខវិជ្ជា 2)/,
      }),
    ).toBeInTheDocument();
    await expect(canvas.getAllByText(/^(Submitted|បានដាក់ជូន)$/)).toHaveLength(2);
  },
};

/** A filled template read first: matched students, an unknown code, values left out. */
export const ImportPreview: Story = {
  parameters: {
    msw: {
      handlers: [as(homeroomTeacher), classList, sheetAnswer(), batchAnswer(), importAnswer],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: /Import from Excel|នាំចូលពីឯកសារតារាង/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['sheet'], 'grade-7a-november.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const inDialog = within(dialog);
    await expect(await inDialog.findByText(/16 of 17|16 ក្នុងចំណោម 17/)).toBeInTheDocument();
    await expect(inDialog.getByText(/S0099 Pen Sovann/)).toBeInTheDocument();
    await expect(inDialog.getByText(/“twelve”/)).toBeInTheDocument();
    await expect(
      inDialog.getByRole('button', { name: /Put 30 scores into the grid|ដាក់ពិន្ទុ 30 ចូលតារាង/ }),
    ).toBeEnabled();
  },
};

/** Apply puts the file's values into the grid, and they save like typed ones. */
export const ImportApplied: Story = {
  parameters: ImportPreview.parameters,
  play: async (context) => {
    await ImportPreview.play!(context);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Put 30|ដាក់ពិន្ទុ 30/ }));
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText(saved, {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(savedBatches.flatMap((b) => b.cells)).toHaveLength(30);
    await expect(cellAt(await grid(context.canvasElement), 7, 1)).toHaveTextContent(/(A|អ)$/);
  },
};

/** At 360 px: the pickers stack, the grid scrolls sideways with the names kept in view. */
export const Phone: Story = {
  args: { width: 360 },
  play: async ({ canvasElement }) => {
    const table = await grid(canvasElement);
    const scroller = table.parentElement!;
    await waitFor(() => expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth));
    const header = within(table).getAllByRole('rowheader')[0]!;
    await expect(getComputedStyle(header).position).toBe('sticky');
    // Scrolled to the grid and sideways: the names stay, the subjects pass under them.
    scroller.scrollIntoView({ block: 'start' });
    scroller.scrollLeft = 180;
    await waitFor(() =>
      expect(header.getBoundingClientRect().left).toBeLessThan(
        cellAt(table, 0, 1).getBoundingClientRect().left,
      ),
    );
  },
};

/** A teacher with no class or subject yet: what to do about it. */
export const NoClasses: Story = {
  parameters: {
    msw: {
      handlers: [
        as(homeroomTeacher),
        answer('getScoreClasses', () => ({ ...classesBody, classes: [], terms: [] })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        /No classes to enter scores for|គ្មានថ្នាក់សម្រាប់បញ្ចូលពិន្ទុទេ/,
      ),
    ).toBeInTheDocument();
  },
};

/** The classes cannot be read: a translated error and a way to try again. */
export const Failing: Story = {
  parameters: {
    msw: {
      handlers: [as(homeroomTeacher), answer('getScoreClasses', serverError)],
    },
  },
  play: async ({ canvasElement }) => {
    const retry = await within(canvasElement).findByRole('button', {
      name: /Try again|ព្យាយាមម្ដងទៀត/,
    });
    await expect(retry.closest('[role="alert"]')).toHaveTextContent(/Server error|ម៉ាស៊ីនមេមានបញ្ហា/);
  },
};
