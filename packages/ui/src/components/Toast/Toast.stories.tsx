import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { Inline } from '../Inline/Inline.js';
import { stringsFor } from '../private/storyStrings.js';
import { toastTypes, useToast, type ToastType } from './Toast.js';

const messages: Record<ToastType, string> = {
  success: 'Scores saved for Grade 7 A',
  error: 'Could not save the scores',
  warning: 'Three students have no score yet',
  info: 'Semester 1 ends on Friday',
};

interface DemoProps {
  /** The kind of toast the button shows. */
  type: ToastType;
  /** Its message. */
  title: string;
  /** Optional detail. */
  description?: string;
  /** Milliseconds before it closes itself; 0 keeps it. */
  timeout: number;
}

/** A button that shows a toast; SalaProvider (in every story) hosts the toast region. */
function ToastDemo({ type, title, description, timeout }: DemoProps) {
  const toast = useToast();
  return (
    <Inline>
      <Button onPress={() => toast.show(type, title, { description, timeout })}>Show toast</Button>
      <Button variant="secondary" onPress={() => toast.clear()}>
        Clear all
      </Button>
    </Inline>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  args: { type: 'success', title: messages.success, timeout: 5000 },
  argTypes: { type: { control: 'inline-radio', options: toastTypes } },
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shows a toast by pointer and by keyboard; its × button closes it. */
export const Playground: Story = {
  args: { timeout: 0 },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const show = within(canvasElement).getByRole('button', { name: 'Show toast' });
    await userEvent.click(show);
    const region = await screen.findByRole('region', { name: t('notifications') });
    const toast = await within(region).findByRole('alertdialog', { name: messages.success });
    await userEvent.click(within(toast).getByRole('button', { name: t('close') }));
    // The region leaves the page with its last toast.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    show.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(async () =>
      expect(await screen.findByRole('alertdialog', { name: messages.success })).toBeVisible(),
    );
  },
};

/** One of each type: icon and colour differ, and the type is in the words too. */
export const AllTypes: Story = {
  render: () => {
    function All() {
      const toast = useToast();
      return (
        <Button
          onPress={() =>
            toastTypes.forEach((type) => toast.show(type, messages[type], { timeout: 0 }))
          }
        >
          Show all
        </Button>
      );
    }
    return <All />;
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show all' }));
    // At most three at once: the fourth waits until one closes.
    await waitFor(() => expect(screen.getAllByRole('alertdialog')).toHaveLength(3));
  },
};

/** A Khmer message with a description wraps inside the toast; nothing is clipped. */
export const KhmerWithDescription: Story = {
  args: {
    type: 'error',
    title: 'មិនអាចរក្សាទុកពិន្ទុបានទេ',
    description: 'សូមពិនិត្យការតភ្ជាប់អ៊ីនធឺណិត ហើយព្យាយាមម្ដងទៀត។',
    timeout: 0,
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show toast' }));
    const toast = await screen.findByRole('alertdialog', { name: 'មិនអាចរក្សាទុកពិន្ទុបានទេ' });
    await expect(toast).toHaveAccessibleDescription('សូមពិនិត្យការតភ្ជាប់អ៊ីនធឺណិត ហើយព្យាយាមម្ដងទៀត។');
  },
};

/** Toasts are in the tab order after the page; Enter on × closes one. */
export const KeyboardReach: Story = {
  args: { type: 'info', title: messages.info, timeout: 0 },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const show = within(canvasElement).getByRole('button', { name: 'Show toast' });
    show.focus();
    await userEvent.keyboard('{Enter}');
    const toast = await screen.findByRole('alertdialog', { name: messages.info });
    // After the page's own controls, Tab reaches the toast and then its close button.
    await userEvent.tab();
    await userEvent.tab();
    await expect(toast).toHaveFocus();
    await userEvent.tab();
    await expect(within(toast).getByRole('button', { name: t('close') })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};
