import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck, UserX, Users } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { StatCard } from './StatCard.js';

const meta = {
  title: 'Data/StatCard',
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
