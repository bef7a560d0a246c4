import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import LoginPage from '../../packages/app/src/pages/auths-login/LoginPage.js';
import { AppFrame, Landing } from './AppFrame.js';
import { signedInBody, failure, unanswered } from './fixtures.js';
import { answer } from './answer.js';

const loginOk = answer('postLogin', () => signedInBody());

function LoginScreen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      path="/auths/login?next=%2Fattendance"
      routes={[
        { path: '/auths/login', element: <LoginPage /> },
        { path: '/attendance', element: <Landing>Attendance page</Landing> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Sign in',
  component: LoginScreen,
  args: { locale: 'en' },
  parameters: { layout: 'fullscreen', msw: { handlers: [loginOk] } },
  render: (_, { globals }) => <LoginScreen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const username = /^(username|ឈ្មោះអ្នកប្រើ)$/i;
const password = /^(password|ពាក្យសម្ងាត់)$/i;
const signIn = /^(sign in|ចូលគណនី)$/i;

async function fillAndSubmit(canvasElement: HTMLElement, pass = 'correct-password') {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByRole('textbox', { name: username }), 'admin');
  await userEvent.type(canvas.getByLabelText(password), pass);
  await userEvent.click(canvas.getByRole('button', { name: signIn }));
}

/** Signing in lands on the page the visitor asked for (`next`). */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await expect(await within(canvasElement).findByText('Attendance page')).toBeVisible();
  },
};

/** A wrong password: the server's 401 is shown as the spec's message, in the interface language. */
export const WrongPassword: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postLogin', () => failure(401, 'INVALID_CREDENTIALS', 'Invalid credentials')),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'wrong');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      /Invalid credentials|ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ/,
    );
  },
};

/** The server is down: 'Server error - please try again later'. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [answer('postLogin', () => new HttpResponse('boom', { status: 500 }))],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      /Server error - please try again later|ម៉ាស៊ីនមេមានបញ្ហា/,
    );
  },
};

/** A slow network: the button shows it is working and cannot be pressed twice. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [answer('postLogin', unanswered)],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const button = within(canvasElement).getByRole('button', { name: signIn });
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'));
  },
};

/** Submitting empty fields marks both as required, without calling the server. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: signIn }));
    await expect(canvas.getByRole('textbox', { name: username })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** On a server with several schools, the first attempt asks for the school code, then signs in. */
export const SchoolCodeAsked: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postLogin', ({ body }) => {
          if (!body.schoolCode) {
            return failure(400, 'SCHOOL_REQUIRED', 'Please enter your school code');
          }
          return signedInBody();
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    localStorage.removeItem('schoolCode');
    const canvas = within(canvasElement);
    await fillAndSubmit(canvasElement);
    const school = await canvas.findByRole('textbox', { name: /school code|លេខកូដសាលារៀន/i });
    await expect(canvas.getByRole('alert')).toHaveTextContent(/school code|លេខកូដសាលារៀន/i);
    await userEvent.type(school, 'demo');
    await userEvent.click(canvas.getByRole('button', { name: signIn }));
    await expect(await canvas.findByText('Attendance page')).toBeVisible();
    await expect(localStorage.getItem('schoolCode')).toBe('demo');
    localStorage.removeItem('schoolCode');
  },
};
