import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { vars } from '../../theme/contract.css.js';
import { storyStrings } from '../private/field/storyStrings.js';
import { Chart } from './Chart.js';

const monthly = [
  { label: 'Nov', value: 93.1 },
  { label: 'Dec', value: 91.4 },
  { label: 'Jan', value: 88.9 },
  { label: 'Feb', value: 94.2 },
  { label: 'Mar', value: 95.6 },
  { label: 'Apr', value: 90.3 },
];

const meta = {
  title: 'Data/Chart',
  component: Chart,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A bar, line or donut chart for the reports, drawn in SVG and themed by the colour mode. Every chart carries its data as a real table: read by screen readers, and shown on request.

### When to use
- Comparing categories (\`bar\`), a change over time (\`line\`), or parts of a whole (\`donut\`) in reports and dashboards.

### When to use something else
- One figure: \`StatCard\`. A few figures: a short list or \`DataTable\`.
- Exact values the user must read or compare row by row: \`DataTable\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves focus to "Show the data as a table" |
| Enter, Space | Shows or hides the data table |

- A \`figure\` named by \`title\`; the drawing is \`role="img"\` with the same name, described by the data table, so a screen reader reads the values.
- The toggle's \`aria-expanded\` says whether the table is shown; the table has a caption, column headers (\`categoryLabel\`, \`valueLabel\`) and row headers.
- Colours come from the theme and follow the mode; categories are named on the axis (bar, line) or in the legend (donut), so colour is never the only key.

### Khmer content
- \`digits="khmr"\` writes the axis, the labels and the table with Khmer digits (១២៣); Latin by default, or as \`SalaProvider digits\` says.
- Category labels (months, classes) come from the caller: pass Khmer month names in Khmer.
- Axis labels are short by design; the table shows the full Khmer labels, wrapped, with the Khmer line height.`,
      },
    },
  },
  args: {
    type: 'bar',
    title: 'Attendance rate by month (%)',
    data: monthly,
    maxValue: 100,
    categoryLabel: 'Month',
    valueLabel: 'Rate (%)',
  },
  argTypes: {
    type: { control: 'inline-radio', options: ['bar', 'line', 'donut'] },
    digits: { control: 'inline-radio', options: ['latn', 'khmr'] },
  },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Show the data table with the pointer, hide it with the keyboard. */
export const Playground: Story = {
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Attendance rate by month (%)' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: t('chart.showTable') }));
    await expect(canvas.getByRole('table')).toBeVisible();
    canvas.getByRole('button', { name: t('chart.hideTable') }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: t('chart.showTable') })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

export const Line: Story = {
  args: {
    type: 'line',
    title: 'Class average by month',
    maxValue: 10,
    data: monthly.map((m, i) => ({ label: m.label, value: 6 + i * 0.4 })),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('table', { name: 'Class average by month' }),
    ).toBeInTheDocument();
  },
};

export const Donut: Story = {
  args: {
    type: 'donut',
    title: 'Attendance today',
    categoryLabel: 'Status',
    valueLabel: 'Students',
    data: [
      { label: 'Present · មានវត្តមាន', value: 412, color: vars.color.success },
      { label: 'Absent · អវត្តមាន', value: 18, color: vars.color.danger },
      { label: 'Permission · ច្បាប់', value: 9, color: vars.color.info },
      { label: 'Late · មកយឺត', value: 11, color: vars.color.warning },
    ],
  },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('chart.showTable') }),
    );
    await expect(
      within(canvasElement).getByRole('columnheader', { name: t('chart.share') }),
    ).toBeVisible();
  },
};

export const KhmerDigits: Story = {
  args: { digits: 'khmr', title: 'អត្រាវត្តមានតាមខែ (%)' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('៩៣.១').length).toBeGreaterThan(0);
  },
};
