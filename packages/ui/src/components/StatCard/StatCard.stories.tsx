import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck, UserX, Users } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { StatCard } from './StatCard.js';

const meta = {
  title: 'Data/StatCard',
  tags: ['autodocs'],
  component: StatCard,
  args: {
    label: 'Attendance rate',
    value: 94.5,
    unit: '%',
    fractionDigits: 1,
    change: 1.2,
    description: 'This month',
  },
  argTypes: { digits: { control: 'inline-radio', options: ['latn', 'khmr'] } },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
One key figure of a dashboard — students enrolled, the attendance rate, absences this month — with its change since the last period. A number \`value\` is formatted with the digits asked for (Latin or Khmer); the change gets an arrow and a colour by whether a rise is good (\`higherIsBetter\`), and always says "Up 1.2%" or "Down 5" in words.

### When to use

- A few headline figures at the top of a dashboard or a class's overview, in a responsive grid (see *Grid*).
- A figure that is worth comparing with the previous month or term.

### When to use something else

- A figure over time, or figures compared with each other: **Chart**.
- Many figures in rows: **DataTable**.
- A short status word: **Badge**.
- A block of content that is not a figure: **Card**.

### Accessibility

| Key | Action |
| --- | --- |
| — | Not focusable; it has no keyboard interaction. |

- A \`section\` whose \`label\` is an \`h3\`: screen-reader users find each card by its heading. Put the cards under an \`h2\` (or lower the level of the page's headings to suit).
- The change is text ("Up 1.2%", "Down 5", "No change" in the current language); its arrow icon is hidden from screen readers and the good/bad colour is never the only signal.
- The icon is decorative (\`aria-hidden\`).

### Khmer content

- With \`digits="khmr"\` (or SalaProvider's \`digits\`) every number is written with Khmer digits: the value (១,២៣៤), its decimals and the change. Decimal and grouping separators stay \`.\` and \`,\` (8.25 becomes ៨.២៥).
- Pass the figure as a number, not as text, so it is formatted for the user's digits; preformatted text is shown as given.
- The label, description and change are text in the current language ("កើនឡើង ១២"); the label and description wrap onto more lines in a narrow card, with the Khmer line height (1.8) for \`:lang(km)\`.
- The figure uses tabular numerals and a tight line height; the fonts are the theme's (Inter, Noto Sans Khmer).
`,
      },
    },
  },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  args: { icon: <CalendarCheck size={20} /> },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(within(canvasElement).getByText(t('stat.up', { value: '1.2%' }))).toBeVisible();
  },
};

/** More absences is bad news: the drop is shown in the good colour. */
export const LowerIsBetter: Story = {
  args: {
    label: 'Absences',
    value: 37,
    unit: undefined,
    fractionDigits: 0,
    change: -5,
    higherIsBetter: false,
    icon: <UserX size={20} />,
  },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(within(canvasElement).getByText(t('stat.down', { value: '5' }))).toBeVisible();
  },
};

export const KhmerDigits: Story = {
  args: {
    label: 'សិស្សសរុប',
    value: 1234,
    unit: undefined,
    fractionDigits: 0,
    change: 12,
    digits: 'khmr',
    icon: <Users size={20} />,
    description: 'ឆ្នាំសិក្សា ២០២៥–២០២៦',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('១,២៣៤')).toBeVisible();
  },
};

export const Grid: Story = {
  render: () => (
    <div
      style={{
        display: 'grid',
        gap: 12,
        gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
      }}
    >
      <StatCard label="Students" value={1234} change={12} icon={<Users size={20} />} />
      <StatCard label="Attendance rate" value={94.5} unit="%" fractionDigits={1} change={-0.4} />
      <StatCard label="Absences" value={37} change={-5} higherIsBetter={false} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading')).toHaveLength(3);
  },
};
