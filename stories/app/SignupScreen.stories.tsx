import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import SignupPage from '../../packages/app/src/pages/auths-signup/SignupPage.js';
import { AppFrame, Landing } from './AppFrame.js';
import { signedInBody, storyUser, failure, unanswered } from './fixtures.js';
import { answer } from './answer.js';

const pendingUser = { ...storyUser, status: 'pending' as const, roles: [], permissions: [] };

function SignupScreen({ locale }: { locale: 'en' | 'km' }) {
  return (
    <AppFrame
      locale={locale}
      path="/auths/signup"
      routes={[
        { path: '/auths/signup', element: <SignupPage /> },
        { path: '/', element: <Landing>Home page</Landing> },
      ]}
    />
  );
}

const meta = {
  title: 'App/Sign up',
  component: SignupScreen,
  args: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    msw: {
      handlers: [answer('postSignup', () => signedInBody(pendingUser))],
    },
  },
  render: (_, { globals }) => <SignupScreen locale={globals.locale === 'km' ? 'km' : 'en'} />,
} satisfies Meta<typeof SignupScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit = /^(ask for an account|ស្នើសុំគណនី)$/i;

async function fillAndSubmit(canvasElement: HTMLElement, username = 'sokha.chan') {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: /(Your name|ឈ្មោះរបស់អ្នក).*(Khmer|ខ្មែរ)/ }),
    'ចាន់ សុខា',
  );
  await userEvent.type(canvas.getByRole('textbox', { name: /^(username|ឈ្មោះអ្នកប្រើ)$/i }), username);
  await userEvent.type(canvas.getByLabelText(/^(password|ពាក្យសម្ងាត់)$/i), 'river mango lantern');
  await userEvent.click(canvas.getByRole('button', { name: submit }));
}

/** A new account is created pending approval and signed in: the visitor lands on the home page. */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    await expect(await within(canvasElement).findByText('Home page')).toBeInTheDocument();
  },
};

/** Empty or invalid fields are explained beside each field, without calling the server. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: submit }));
    await expect(canvas.getByRole('textbox', { name: /^(username|ឈ្មោះអ្នកប្រើ)$/i })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByLabelText(/^(password|ពាក្យសម្ងាត់)$/i)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The username is taken: the server's refusal is shown in the interface language. */
export const AccountExists: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postSignup', () =>
          failure(409, 'REGISTRATION_FAILED', 'Registration failed', {
            username: ['ACCOUNT_EXISTS'],
          }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, 'admin');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/\S/);
    await expect(
      canvas.getByRole('textbox', { name: /^(username|ឈ្មោះអ្នកប្រើ)$/i }),
    ).toHaveAccessibleDescription(/already exists|រួចហើយ/);
    await expect(within(canvasElement).queryByText('Home page')).toBeNull();
  },
};

/** The school does not take sign-ups: the visitor is told to ask the office. */
export const SignupDisabled: Story = {
  parameters: {
    msw: {
      handlers: [
        answer('postSignup', () =>
          failure(403, 'SIGNUP_DISABLED', 'Sign-up is closed at this school'),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(/\S/);
    await expect(alert).not.toHaveTextContent('SIGNUP_DISABLED');
  },
};

/** A slow network: the button shows it is working and cannot be pressed twice. */
export const Slow: Story = {
  parameters: {
    msw: {
      handlers: [answer('postSignup', unanswered)],
    },
  },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement);
    const button = within(canvasElement).getByRole('button', { name: submit });
    await waitFor(() => expect(button).toHaveAttribute('data-pending', 'true'));
  },
};
