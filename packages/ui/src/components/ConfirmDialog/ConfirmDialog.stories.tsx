import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { DialogTrigger } from '../Dialog/Dialog.js';
import { stringsFor } from '../private/storyStrings.js';
import { useToast } from '../Toast/Toast.js';
import { ConfirmDialog, confirmTypes } from './ConfirmDialog.js';
import { useConfirm } from './useConfirm.js';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    title: 'Delete this student?',
    description: 'Sok Dara and all of her scores will be removed from Grade 7 A.',
    confirmText: 'Delete',
    type: 'error',
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: { type: { control: 'inline-radio', options: confirmTypes } },
  render: (args) => (
    <DialogTrigger>
      <Button variant="danger">Delete student</Button>
      <ConfirmDialog {...args} />
    </DialogTrigger>
  ),
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const open = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete student' }));
  return screen.findByRole('alertdialog', { name: 'Delete this student?' });
};

/** Destructive: focus starts on Cancel; Enter there cancels, the red button confirms. */
export const Playground: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const t = stringsFor(globals);
    let dialog = await open(canvasElement);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: t('cancel') })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    dialog = await open(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** Escape cancels. */
export const EscapeCancels: Story = {
  play: async ({ args, canvasElement }) => {
    await open(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** Each type has its icon and colour; Info and Success confirm with the primary button. */
export const Info: Story = {
  args: {
    type: 'info',
    title: 'Publish report cards?',
    description: 'Guardians will see the Semester 1 report cards.',
    confirmText: 'Publish',
  },
  render: (args) => (
    <DialogTrigger defaultOpen>
      <Button>Publish</Button>
      <ConfirmDialog {...args} />
    </DialogTrigger>
  ),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish report cards?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Publish' })).toHaveFocus(),
    );
  },
};

export const Success: Story = {
  args: {
    type: 'success',
    title: 'Attendance complete',
    description: 'Every student in Grade 7 A has a status. Send it to the office?',
    confirmText: 'Send',
  },
  render: Info.render,
  play: async () => {
    await waitFor(async () =>
      expect(await screen.findByRole('alertdialog', { name: 'Attendance complete' })).toBeVisible(),
    );
  },
};

export const Warning: Story = {
  args: {
    type: 'warning',
    title: 'Leave without saving?',
    description: 'The scores you typed will be lost.',
    confirmText: 'Leave',
  },
  render: Info.render,
  play: async ({ globals }) => {
    const t = stringsFor(globals);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: t('cancel') })).toHaveFocus(),
    );
  },
};

/** Khmer title and description with the library's default button texts. */
export const Khmer: Story = {
  args: {
    type: 'error',
    title: 'លុបសិស្សនេះមែនទេ?',
    description: 'ពិន្ទុទាំងអស់របស់សិស្សនេះនឹងត្រូវលុបចេញពីថ្នាក់ទី៧ ក។',
    confirmText: undefined,
  },
  render: Info.render,
  play: async ({ globals }) => {
    const t = stringsFor(globals);
    const dialog = await screen.findByRole('alertdialog', { name: 'លុបសិស្សនេះមែនទេ?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: t('confirm') })).toBeVisible(),
    );
  },
};

/** An async action that fails: the button shows progress, then the dialog stays open. */
export const AsyncFailure: Story = {
  args: {
    onConfirm: fn(
      () => new Promise((_, reject) => setTimeout(() => reject(new Error('offline')), 300)),
    ),
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await open(canvasElement);
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    await expect(confirm).toHaveAttribute('data-pending', 'true');
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-pending'));
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeVisible());
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** `useConfirm()` asks imperatively and resolves true or false; here a toast reports it. */
export const UseConfirm: Story = {
  render: () => {
    function Asker() {
      const confirm = useConfirm();
      const toast = useToast();
      return (
        <Button
          variant="danger"
          onPress={async () => {
            const yes = await confirm({
              title: 'Delete this student?',
              type: 'error',
              confirmText: 'Delete',
            });
            toast.show(yes ? 'success' : 'info', yes ? 'Deleted' : 'Kept', { timeout: 0 });
          }}
        >
          Delete student
        </Button>
      );
    }
    return <Asker />;
  },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(async () =>
      expect(await screen.findByRole('alertdialog', { name: 'Deleted' })).toBeVisible(),
    );
  },
};
