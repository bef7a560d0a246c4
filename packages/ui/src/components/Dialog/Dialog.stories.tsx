import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { stringsFor } from '../private/storyStrings.js';
import { Text } from '../Text/Text.js';
import { TextField } from '../TextField/TextField.js';
import { Dialog, DialogTrigger, dialogSizes } from './Dialog.js';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `A modal dialog with a title, content and actions (\`Dialog\`), opened from a \`DialogTrigger\`: its first child is the button, its second the dialog. Or control it with \`isOpen\` and \`onOpenChange\`. \`footer\` and \`children\` may be functions that receive \`close\`.

### When to use
- A short task that must be finished or dismissed before going on: editing a class name, adding a guardian.

### When to use something else
- A yes/no question before an action: \`ConfirmDialog\` (or \`useConfirm()\`).
- Details beside a list, or the phone navigation: \`Drawer\`.
- A short hint: \`Tooltip\`; a result message: \`Toast\`.
- A long form: a page of its own.

### Accessibility
| Key | Action |
| --- | --- |
| Enter, Space (on the trigger) | Opens the dialog |
| Tab, Shift+Tab | Move through the dialog; focus stays inside |
| Escape | Closes it (unless \`isKeyboardDismissDisabled\`) |

- \`role="dialog"\`, \`aria-modal\`, named by \`title\` and described by \`description\`; the page behind is hidden from screen readers and does not scroll.
- Focus moves into the dialog on open and returns to the trigger on close; the × button (translated "Close") can be hidden with \`hideCloseButton\` only when the footer closes it.
- A press outside closes it only with \`isDismissable\`.
- Pattern: [WAI-ARIA APG Dialog (Modal)](https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/).

### Khmer content
- Title and content wrap with the Khmer line height; the dialog grows and then scrolls its content, never clipping.
- Khmer text is often longer: prefer \`size="medium"\` or larger for Khmer forms.
- Numbers in the content are the caller's: write them with the app's digits.`,
      },
    },
  },
  args: {
    title: 'Edit class',
    description: 'Change the class name shown on report cards.',
    size: 'medium',
    isDismissable: true,
    onOpenChange: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: dialogSizes } },
  render: ({ onOpenChange, ...args }) => (
    <DialogTrigger onOpenChange={onOpenChange}>
      <Button>Edit class</Button>
      <Dialog
        {...args}
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button onPress={close}>Save</Button>
          </>
        )}
      >
        <TextField label="Class name" defaultValue="Grade 7 A" />
      </Dialog>
    </DialogTrigger>
  ),
  globals: { viewport: { value: 'phone', isRotated: false } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens by pointer and keyboard; Escape, the × button and outside press close it. */
export const Playground: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const trigger = within(canvasElement).getByRole('button', { name: 'Edit class' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Edit class' });
    await expect(dialog).toHaveAccessibleDescription(
      'Change the class name shown on report cards.',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const again = await screen.findByRole('dialog');
    await userEvent.click(within(again).getByRole('button', { name: t('close') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Open, for review: title, description, a field and two actions. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit class' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Class name' })).toBeVisible(),
    );
  },
};

/** Long Khmer content scrolls inside the dialog; the title and actions stay in view. */
export const LongKhmerContent: Story = {
  args: { title: 'គោលការណ៍វត្តមាន', description: undefined },
  render: ({ onOpenChange: _onOpenChange, ...args }) => (
    <DialogTrigger>
      <Button>Edit class</Button>
      <Dialog {...args} footer={(close) => <Button onPress={close}>យល់ព្រម</Button>}>
        {Array.from({ length: 12 }, (_, i) => (
          <Text key={i} lang="km">
            សិស្សដែលអវត្តមានលើសពីបីថ្ងៃក្នុងមួយខែ ត្រូវមានច្បាប់ពីអាណាព្យាបាល។ គ្រូបន្ទុកថ្នាក់
            ត្រូវកត់ត្រាវត្តមានរៀងរាល់វេនព្រឹក និងវេនរសៀល។
          </Text>
        ))}
      </Dialog>
    </DialogTrigger>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit class' }));
    const dialog = await screen.findByRole('dialog', { name: 'គោលការណ៍វត្តមាន' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'យល់ព្រម' })).toBeVisible(),
    );
  },
};

/** Not dismissable: pressing outside does nothing; a choice must be made. */
export const NotDismissable: Story = {
  args: { isDismissable: false },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit class' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(document.body, { pointerEventsCheck: 0 });
    await expect(dialog).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
