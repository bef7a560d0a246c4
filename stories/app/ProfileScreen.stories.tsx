import type { Session } from '@sala/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { UserProfilePage } from '../../packages/app/src/pages/profile/ProfilePage.js';
import { AppFrame } from './AppFrame.js';
import { storyUser, failure } from './fixtures.js';
import { telegramHidden } from './telegramHandlers.js';
import { answer } from './answer.js';

const user = { ...storyUser, phone: '+85512345678', gender: 'female' as const };

const sessions: Session[] = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    deviceId: 'phone-1',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
    ip: '10.0.0.8',
    createdAt: '2026-11-02T01:00:00.000Z',
    lastUsedAt: '2026-11-20T02:15:00.000Z',
    expiresAt: '2026-11-27T02:15:00.000Z',
    current: true,
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    deviceId: 'office-pc',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    ip: '10.0.0.20',
    createdAt: '2026-10-30T08:00:00.000Z',
    lastUsedAt: '2026-11-18T09:40:00.000Z',
    expiresAt: '2026-11-25T09:40:00.000Z',
    current: false,
  },
];

const base = [
  answer('postProfile', () => ({ user })),
  answer('patchProfile', () => ({ user })),
  answer('getOwnSessions', () => ({ sessions })),
  answer('deleteOwnSession', () => ({ success: true as const, message: 'Signed out' })),
  answer('postPassword', () => ({ success: true as const, message: 'Password changed' })),
  telegramHidden,
];

function ProfileScreen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      signedIn
      path="/userProfile"
      routes={[{ path: '/userProfile', element: <UserProfilePage /> }]}
    />
  );
}

const meta = {
  title: 'App/Profile',
  component: ProfileScreen,
  args: { locale: 'en' },
  parameters: { layout: 'padded', msw: { handlers: base } },
  render: (_, { globals }) => <ProfileScreen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof ProfileScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's photo, details, password and signed-in devices; this device cannot sign itself out. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await expect(await canvas.findByText(/This device|ឧបករណ៍នេះ/)).toBeInTheDocument();
    await expect(canvas.getAllByRole('button', { name: /^(Sign out|ចាកចេញ)$/ })).toHaveLength(1);
  },
};

/** Saving the details shows that they are saved. */
export const SaveDetails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = await canvas.findByRole('button', { name: /^(Save|រក្សាទុក)$/ });
    await userEvent.click(save);
    await expect(
      await screen.findByText(
        /Your details are saved|ព័ត៌មានរបស់អ្នកត្រូវបានរក្សាទុក/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
  },
};

/** A wrong current password: the server's refusal shows under the form, in the interface language. */
export const WrongCurrentPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postPassword', () =>
          failure(400, 'WRONG_PASSWORD', 'Wrong password', { currentPassword: ['WRONG_PASSWORD'] }),
        ),
        ...base,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(/^(Current password|ពាក្យសម្ងាត់បច្ចុប្បន្ន)$/),
      'not my password',
    );
    await userEvent.type(
      canvas.getByLabelText(/^(New password|ពាក្យសម្ងាត់ថ្មី)$/),
      'river mango lantern',
    );
    await userEvent.type(
      canvas.getByLabelText(/^(New password again|ពាក្យសម្ងាត់ថ្មីម្ដងទៀត)$/),
      'river mango lantern',
    );
    await userEvent.click(canvas.getByRole('button', { name: /^(Change password|ប្ដូរពាក្យសម្ងាត់)$/ }));
    await expect(
      await canvas.findByText(/The current password is not correct|ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ/),
    ).toBeInTheDocument();
  },
};

/** Signing another device out asks first, then confirms it is done. */
export const SignOutDevice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Sign out|ចាកចេញ)$/ }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Sign out|ចាកចេញ)$/ }));
    await expect(
      await screen.findByText(/The device is signed out|ឧបករណ៍បានចាកចេញហើយ/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/** The devices cannot be loaded: the section says so; the rest of the page still works. */
export const DevicesFail: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('getOwnSessions', async () => {
          await delay(50);
          return new HttpResponse('down', { status: 503 });
        }),
        ...base,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(
      () =>
        expect(
          canvas.getAllByRole('alert').some((alert) => /\S/.test(alert.textContent ?? '')),
        ).toBe(true),
      { timeout: 5000 },
    );
    await expect(canvas.getByRole('button', { name: /^(Save|រក្សាទុក)$/ })).toBeEnabled();
  },
};
