import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs.js';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  args: {
    'aria-label': 'Student record',
    onSelectionChange: fn(),
    tabs: [
      { id: 'details', label: 'Details · ព័ត៌មាន', content: <p>Sok Dara · Grade 7A</p> },
      { id: 'attendance', label: 'Attendance · វត្តមាន', content: <p>3 absences, 1 permission</p> },
      { id: 'scores', label: 'Scores · ពិន្ទុ', content: <p>Average 8.25</p> },
      { id: 'guardians', label: 'Guardians · អាណាព្យាបាល', content: <p>Sok Chea · 012 345 678</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click a tab, then move with the arrow keys. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /Attendance/ }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('3 absences');
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('scores');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Average 8.25');
  },
};

export const DisabledTab: Story = {
  args: {
    tabs: [
      { id: 'a', label: 'Month', content: <p>Monthly scores</p> },
      { id: 'b', label: 'Semester', content: <p>Semester exam</p>, isDisabled: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Semester' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Month' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Monthly scores');
  },
};
