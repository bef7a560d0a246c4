import { DigitsProvider, Stack } from '@sala/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import ResultsPage from '../../packages/app/src/pages/results/ResultsPage.js';
import { StudentResultsCard } from '../../packages/app/src/pages/results/StudentResultsCard.js';
import { AppFrame } from './AppFrame.js';
import {
  classesBody,
  noResults,
  novemberSheet,
  reportJobs,
  resultsFail,
  resultsHandlers,
  resultsSlow,
  sent,
  sevenA,
  studentIds,
  termOne,
  wholeYearSheet,
} from './resultsHandlers.js';
import { answer } from './answer.js';

const page = '/dev/StudentReport';
const november = `${page}?class=${sevenA.id}&period=month&term=${termOne.id}&month=11`;
const screens = {
  november,
  december: `${page}?class=${sevenA.id}&period=month&term=${termOne.id}&month=12`,
  term: `${page}?class=${sevenA.id}&period=term&term=${termOne.id}`,
  year: `${page}?class=${sevenA.id}&period=year`,
  sophea: `${november}&student=${studentIds[0]}`,
} as const;

function Screen({
  locale,
  screen: at,
  card = false,
  khmerDigits = false,
}: {
  locale: 'en' | 'km';
  screen: keyof typeof screens;
  /** The student page's results card alone, instead of the results page. */
  card?: boolean;
  /** The user writes numbers in Khmer digits (in Khmer only). */
  khmerDigits?: boolean;
}) {
  const element = card ? (
    <Stack gap="large">
      <StudentResultsCard
        studentId={studentIds[0]!}
        name={locale === 'km' ? 'ចាន់ សុភា' : 'Chan Sophea'}
      />
    </Stack>
  ) : (
    <ResultsPage />
  );
  return (
    <DigitsProvider digits={khmerDigits && locale === 'km' ? 'khmr' : 'latn'}>
      <AppFrame
        locale={locale}
        signedIn
        path={card ? '/students/x' : screens[at]}
        routes={[
          { path: page, element },
          { path: '/students/x', element },
        ]}
      />
    </DigitsProvider>
  );
}

const meta = {
  title: 'App/Results',
  component: Screen,
  args: { locale: 'en', screen: 'november' },
  parameters: { layout: 'padded', msw: { handlers: resultsHandlers } },
  render: (args, { globals }) => (
    <Screen {...args} locale={globals.locale === 'km' ? 'km' : 'en'} />
  ),
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

const sheetRegion = /Grade 7A · November · Semester 1|ថ្នាក់ទី៧A · ខែវិច្ឆិកា · ឆមាសទី១/;

/**
 * November's result sheet: scores, total, the average with the school's two decimals, rank,
 * grade and result; a student who left is listed but not ranked; girls are counted apart.
 * Excel comes for the same class and period, in the interface language.
 */
export const MonthSheet: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const grid = within(await canvas.findByRole('region', { name: sheetRegion }));
    // 313 ÷ 7 = 44.714… is shown as 44.71, from the unrounded average.
    const sophea = within(grid.getByRole('row', { name: /Chan Sophea|ចាន់ សុភា/ }));
    await expect(sophea.getByText('44.71')).toBeInTheDocument();
    await expect(sophea.getByText('313')).toBeInTheDocument();
    // Pich Rathana left the class: marked, and no rank.
    const pich = grid.getByRole('row', { name: /Pich Rathana|ពេជ្រ រតនា/ });
    await expect(within(pich).getByText(/Left the class|បានចេញពីថ្នាក់/)).toBeInTheDocument();
    // Sok Dara missed the physics test.
    const dara = grid.getByRole('row', { name: /Sok Dara|សុខ ដារ៉ា/ });
    await expect(within(dara).getByTitle(/Absent from the test|អវត្តមានពេលប្រឡង/)).toBeVisible();
    await expect(canvas.getByText(/^(3 girls|ស្រី 3 នាក់)$/)).toBeInTheDocument();
    await expect(canvas.getByText(/^(Published|បានផ្សព្វផ្សាយ)$/)).toBeInTheDocument();
    await expect(
      canvas.getByRole('figure', { name: /Students by grade|ចំនួនសិស្សតាមនិទ្ទេស/ }),
    ).toBeInTheDocument();
    sent.reset();
    const download = canvas.getByRole('button', { name: /Download Excel|ទាញយកតារាងលទ្ធផល/ });
    await userEvent.click(download);
    const language = globals.locale === 'km' ? 'km' : 'en';
    await waitFor(() =>
      expect(sent.exports).toEqual([`${sevenA.id} month ${termOne.id} 11 ${language}`]),
    );
    await waitFor(() => expect(download).not.toHaveAttribute('data-pending'));
  },
};

/**
 * The first term, not yet published: the months' and the exam's averages beside the term's,
 * one decimal (the sheet's), numbers in the user's Khmer digits when they read Khmer.
 */
export const TermSheet: Story = {
  args: { screen: 'term', khmerDigits: true },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/^(Not published yet|មិនទាន់ផ្សព្វផ្សាយនៅឡើយ)$/),
    ).toBeInTheDocument();
    const grid = within(
      canvas.getByRole('region', { name: /Grade 7A · Semester 1|ថ្នាក់ទី៧A · ឆមាសទី១/ }),
    );
    await expect(grid.getByRole('columnheader', { name: /^(Exam|ប្រឡង)$/ })).toBeInTheDocument();
    await expect(grid.getByRole('columnheader', { name: /^(December|ធ្នូ)/ })).toBeInTheDocument();
    const sophea = termSheetAverage(0);
    const shown =
      globals.locale === 'km' ? sophea.replace(/\d/g, (d) => '០១២៣៤៥៦៧៨៩'[+d]!) : sophea;
    const row = within(grid.getByRole('row', { name: /Chan Sophea|ចាន់ សុភា/ }));
    await expect(row.getByText(shown)).toBeInTheDocument();
  },
};

/** The year: each term's average beside the year's, ranked on the year's. */
export const YearSheet: Story = {
  args: { screen: 'year' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = within(
      await canvas.findByRole('region', { name: /Grade 7A · Whole year|ថ្នាក់ទី៧A · ពេញមួយឆ្នាំ/ }),
    );
    for (const term of [1, 2]) {
      await expect(
        grid.getByRole('columnheader', { name: new RegExp(`^(Term ${term}|ឆមាសទី${term})$`) }),
      ).toBeInTheDocument();
    }
    // The term picker has no place in a year's results.
    await expect(canvas.queryByRole('button', { name: /^(Term|ឆមាស)/ })).not.toBeInTheDocument();
    const first = wholeYearSheet.students.find((s) => s.rank === 1)!;
    const row = within(
      grid.getByRole('row', {
        name: new RegExp(`${first.student.nameEn}|${first.student.nameKm}`),
      }),
    );
    await expect(row.getByText(first.average!.toFixed(1))).toBeInTheDocument();
  },
};

/** The term average of a student as the sheet should show it (one decimal, half up). */
function termSheetAverage(i: number) {
  const line = novemberSheet.students[i]!;
  const months = [0, 1, 2].map((m) => line.average! + (m - 1) * 0.85 - i * 0.1);
  const exam = line.average! + 1.15 - (i % 2) * 2.3;
  const average = (months.reduce((s, a) => s + a, 0) / 3 + exam) / 2;
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** On a phone the sheet scrolls sideways under the names, which stay in view. */
export const MonthSheetOnPhone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: sheetRegion });
    // The table is wider than the phone: its box scrolls, the page does not.
    await waitFor(() => expect(region.scrollWidth).toBeGreaterThan(region.clientWidth));
    // Nothing but the table's own box is wider than the phone.
    const wide = Array.from(canvasElement.querySelectorAll('*'))
      .filter((el) => !region.contains(el) && el.getBoundingClientRect().right > window.innerWidth)
      .map((el) => `${el.tagName} ${el.className}`);
    await expect(wide).toEqual([]);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const name = within(region).getAllByRole('rowheader')[0]!;
    await expect(getComputedStyle(name).position).toBe('sticky');
    // The picture shows the table scrolled sideways, the names still beside the scores.
    region.scrollIntoView({ block: 'start' });
    region.scrollLeft = 240;
    await waitFor(() => expect(name.getBoundingClientRect().left).toBeGreaterThanOrEqual(0));
  },
};

/** A month with no results yet: the page says so, and there is nothing to print or export. */
export const NoResults: Story = {
  args: { screen: 'december' },
  parameters: {
    msw: { handlers: [noResults, ...resultsHandlers] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No results for this period|គ្មានលទ្ធផលសម្រាប់រយៈពេលនេះ/),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: /Download Excel|ទាញយកតារាងលទ្ធផល/ }),
    ).toBeDisabled();
  },
};

/** A teacher with no class: an explanation instead of pickers. */
export const NoClasses: Story = {
  parameters: {
    msw: {
      handlers: [answer('getScoreClasses', () => ({ classes: [], terms: [] })), ...resultsHandlers],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/No classes to show|គ្មានថ្នាក់សម្រាប់បង្ហាញ/),
    ).toBeInTheDocument();
  },
};

/** The sheet cannot be read: the page says why and offers to try again. */
export const SheetFails: Story = {
  parameters: { msw: { handlers: [resultsFail, ...resultsHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Server error|ម៉ាស៊ីនមេ/);
    await expect(
      canvas.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }),
    ).toBeInTheDocument();
  },
};

/** A slow network: a placeholder while the sheet loads. */
export const SheetSlow: Story = {
  parameters: { msw: { handlers: [resultsSlow, ...resultsHandlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('status', { name: /Loading results|កំពុងផ្ទុកលទ្ធផល/ }),
    ).toBeInTheDocument();
  },
};

const printButton = /^(Print report cards \(PDF\)|បោះពុម្ពព្រឹត្តិបត្រពិន្ទុ)$/;
const makeButton = /^(Make the PDF|បង្កើតឯកសារបោះពុម្ព)$/;

/** Opens the print dialog, picks English cards and starts the PDF. */
async function startPrint(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: printButton }));
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.click(dialog.getByRole('radio', { name: /^(English|អង់គ្លេស)$/ }));
  sent.reset();
  await userEvent.click(dialog.getByRole('button', { name: makeButton }));
  return dialog;
}

/** The class's report cards being printed: a bar fills as the server makes the cards. */
export const PrintInProgress: Story = {
  parameters: {
    msw: { handlers: [...reportJobs({ total: 5, step: 3, ending: 'stall' }), ...resultsHandlers] },
  },
  play: async ({ canvasElement }) => {
    const dialog = await startPrint(canvasElement);
    const bar = await dialog.findByRole('progressbar', {
      name: /Report cards printed|ព្រឹត្តិបត្រដែលបានបោះពុម្ព/,
    });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '60'));
    await expect(dialog.getByText(/^(3 of 5 cards|3 ក្នុងចំណោម 5 សន្លឹក)$/)).toBeInTheDocument();
    await expect(sent.jobs).toEqual([
      { classId: sevenA.id, period: 'month', termId: termOne.id, month: 11, language: 'en' },
    ]);
    // Closed and opened again, the dialog still follows the same job.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(canvasElement).getByRole('button', { name: printButton }));
    const again = within(await screen.findByRole('dialog'));
    await expect(
      await again.findByRole('progressbar', { name: /Report cards printed|ព្រឹត្តិបត្រដែលបានបោះពុម្ព/ }),
    ).toHaveAttribute('aria-valuenow', '60');
    await expect(again.getByRole('radio', { name: /^(English|អង់គ្លេស)$/ })).toBeChecked();
    await expect(sent.jobs).toHaveLength(1);
  },
};

/** The PDF is ready: it downloads from the server. */
export const PrintDone: Story = {
  parameters: {
    msw: { handlers: [...reportJobs({ total: 5, step: 5, ending: 'done' }), ...resultsHandlers] },
  },
  play: async ({ canvasElement }) => {
    const dialog = await startPrint(canvasElement);
    await expect(
      await dialog.findByText(/The PDF is ready: 5 cards|ឯកសាររួចរាល់ហើយ៖ 5 សន្លឹក/),
    ).toBeInTheDocument();
    const download = dialog.getByRole('button', { name: /^(Download the PDF|ទាញយកឯកសារ)$/ });
    await userEvent.click(download);
    await waitFor(() => expect(sent.files).toHaveLength(1));
    await waitFor(() => expect(download).not.toHaveAttribute('data-pending'));
  },
};

/** The PDF could not be made: the reason in the language, and a retry that starts again. */
export const PrintFails: Story = {
  parameters: {
    msw: { handlers: [...reportJobs({ total: 5, step: 5, ending: 'failed' }), ...resultsHandlers] },
  },
  play: async ({ canvasElement }) => {
    const dialog = await startPrint(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      /The report could not be made|មិនអាចបង្កើតរបាយការណ៍បានទេ/,
    );
    await userEvent.click(dialog.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }));
    await waitFor(() => expect(sent.jobs).toHaveLength(2));
  },
};

/**
 * A student's year from the sheet: their result, their averages month by month as a line, the
 * term's, and the homeroom comment on their card, which the homeroom teacher can change.
 */
export const StudentYear: Story = {
  args: { screen: 'sophea' },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: /Chan Sophea|ចាន់ សុភា/ }));
    await expect(
      await dialog.findByRole('figure', {
        name: /Averages of Chan Sophea over the year|មធ្យមភាគរបស់ ចាន់ សុភា/,
      }),
    ).toBeInTheDocument();
    await expect(
      await dialog.findByRole('textbox', { name: /Comment on the report card|មតិលើព្រឹត្តិបត្រពិន្ទុ/ }),
    ).toHaveValue('Works carefully; reads widely.');
    await expect(dialog.getByText(/^(1 of 5|1 ក្នុងចំណោម 5)$/)).toBeInTheDocument();
  },
};

/** The homeroom teacher rewrites a comment: it is saved for the month, with the version read. */
export const EditComment: Story = {
  args: { screen: 'sophea' },
  parameters: {
    // It ends on the toast of the saved comment, which may still be sliding in when the
    // picture is taken; StudentYear pictures the dialog.
    screenshot: false,
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: /Chan Sophea|ចាន់ សុភា/ }));
    const field = await dialog.findByRole('textbox', {
      name: /Comment on the report card|មតិលើព្រឹត្តិបត្រពិន្ទុ/,
    });
    sent.reset();
    await userEvent.clear(field);
    await userEvent.type(field, 'Top of the class in mathematics. ');
    await userEvent.click(dialog.getByRole('button', { name: /Save the comment|រក្សាទុកមតិ/ }));
    await waitFor(() =>
      expect(sent.comments).toEqual([
        {
          classId: sevenA.id,
          studentId: studentIds[0],
          period: 'm11',
          comment: 'Top of the class in mathematics.',
          version: 2,
        },
      ]),
    );
    await expect(await screen.findByText(/Comment saved|បានរក្សាទុកមតិ/)).toBeInTheDocument();
  },
};

/** The student page's card: the latest average and rank, the year's line, a way to the sheet. */
export const StudentCard: Story = {
  args: { card: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(/Latest average \(Apr\)|មធ្យមភាគចុងក្រោយ \(មេសា\)/),
    ).toBeInTheDocument();
    const [latest] = canvas.getAllByRole('definition');
    await expect(latest).toHaveTextContent(/^45\.05/);
    const link = canvas.getByRole('link', {
      name: /See the class's results and report card|មើលលទ្ធផលថ្នាក់ និងព្រឹត្តិបត្រពិន្ទុ/,
    });
    await expect(link).toHaveAttribute(
      'href',
      `/dev/StudentReport?class=${classesBody.classes[0]!.id}&student=${studentIds[0]}`,
    );
  },
};
