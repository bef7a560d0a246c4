import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import AppMenuPage from '../../packages/app/src/pages/AppMenu/AppMenuPage.js';
import { AppFrame, Landing } from './AppFrame.js';
import { storyUser } from './fixtures.js';
import { answer } from './answer.js';

const office = {
  ...storyUser,
  permissions: [
    'attendance.read:school',
    'classes.read:school',
    'students.read:school',
    'teaching.read:school',
    'subjects.read:school',
    'departments.read:school',
    'employees.read:school',
    'users.read:school',
    'roles.read:school',
    'roles.manage:school',
    'school.manage:school',
  ],
};
const teacher = {
  ...storyUser,
  username: 'teacher',
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: [
    'attendance.record:own',
    'classes.read:own',
    'students.read:own',
    'teaching.read:own',
    'scores.enter:own',
  ],
};

function Screen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/AppMenu"
      routes={[
        { path: '/AppMenu', element: <AppMenuPage /> },
        { path: '/department', element: <Landing>Departments</Landing> },
      ]}
    />
  );
}

const meta = {
  title: 'App/App menu',
  component: Screen,
  args: { locale: 'en' },
  parameters: {
    layout: 'padded',
    msw: { handlers: [answer('postProfile', () => ({ user: office }))] },
  },
  render: (_args, { globals }) => <Screen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The office: every tool of the school as a tile, with what it is for. */
export const Office: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: /Apps|កម្មវិធី/ });
    await expect(within(list).getByRole('link', { name: /^(Staff|បុគ្គលិក)$/ })).toBeVisible();
    await expect(
      within(list).getByRole('link', { name: /^(School setup|ការកំណត់សាលារៀន)$/ }),
    ).toBeVisible();
  },
};

/** A teacher sees only what their permissions open: no staff records, no setup. */
export const Teacher: Story = {
  parameters: {
    msw: { handlers: [answer('postProfile', () => ({ user: teacher }))] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: /Apps|កម្មវិធី/ });
    await expect(within(list).getByRole('link', { name: /^(Classes|ថ្នាក់)$/ })).toBeVisible();
    await expect(within(list).queryByRole('link', { name: /^(Staff|បុគ្គលិក)$/ })).toBeNull();
    await expect(
      within(list).queryByRole('link', { name: /^(School setup|ការកំណត់សាលារៀន)$/ }),
    ).toBeNull();
  },
};

/** A tap anywhere on a tile opens its tool. */
export const OpensATool: Story = {
  parameters: { screenshot: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: /^(Departments|ដេប៉ាតឺម៉ង់)$/ }));
    await expect(await canvas.findByText('Departments')).toBeInTheDocument();
  },
};
