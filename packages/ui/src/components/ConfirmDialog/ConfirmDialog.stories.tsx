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
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `Asks the user to confirm an action (\`role="alertdialog"\`): a title, what will happen, Cancel and Confirm. A destructive type puts the focus on Cancel; an async \`onConfirm\` shows progress and keeps the dialog open if it fails. \`useConfirm()\` opens the same dialog from code.

### When to use
- Before an action that loses data or cannot be undone: deleting a student, publishing scores.
- \`useConfirm()\` when the question comes in the middle of a function: \`if (await confirm({ title, type: 'error' }))\`.

### When to use something else
- A form or more content in an overlay: \`Dialog\`.
- An action that can be undone: do it, then offer "Undo" in a \`Toast\`.
- Information with no decision: \`Toast\`, or an \`ErrorState\` in the page.

### Accessibility
| Key | Action |
| --- | --- |
| Tab, Shift+Tab | Move between the buttons (focus stays in the dialog) |
| Enter, Space | Presses the focused button |
| Escape | Cancels (not while an async confirm runs) |

- An \`alertdialog\` named by \`title\` and described by \`description\`; the page behind is hidden from screen readers.
- Focus starts on Confirm for \`info\` and \`success\`, on Cancel for \`warning\` and \`error\`, and returns to the trigger on close.
- The type shows by icon and colour and by the button's words: colour never carries it alone.
- A press outside cancels, except while pending.
- Pattern: [WAI-ARIA APG Alert and Message Dialogs](https://www.w3.org/WAI/ARIA/apg/patterns/alertdialog/).

### Khmer content
- Cancel and Confirm are translated by default; \`confirmText\` should be a Khmer verb ("លុប") in Khmer.
- Title and description wrap with the Khmer line height; the dialog grows, it never clips.
- Numbers in the text (counts of students) are the caller's: write them with the app's digits.`,
      },
    },
  },
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
  // Open from the start: on the docs page it gets a frame of its own, not the whole page.
  parameters: { docs: { story: { inline: false, height: '480px' } } },
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
  parameters: { docs: { story: { inline: false, height: '480px' } } },
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
  parameters: { docs: { story: { inline: false, height: '480px' } } },
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
  parameters: { docs: { story: { inline: false, height: '480px' } } },
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
