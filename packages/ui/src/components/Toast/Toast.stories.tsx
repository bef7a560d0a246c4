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
  tags: ['autodocs'],
  component: ToastDemo,
  args: { type: 'success', title: messages.success, timeout: 5000 },
  argTypes: { type: { control: 'inline-radio', options: toastTypes } },
  globals: { viewport: { value: 'phone', isRotated: false } },
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `
A short message after an action — "Scores saved", "Could not save the scores" — that appears in the corner, is announced to screen readers, and closes itself after 5 s (or stays, with \`timeout: 0\`). SalaProvider owns the queue and renders the region; a component shows a toast with the \`useToast()\` hook: \`toast.success('Saved')\`, \`toast.error(...)\`, \`toast.warning(...)\`, \`toast.info(...)\` or \`toast.show(type, title, options)\`. Each returns the toast's id for \`toast.close(id)\`; \`toast.clear()\` removes them all. At most three show at once (SalaProvider's \`maxVisibleToasts\`); the others wait their turn. Beta: it is built on react-aria's toast, which react-aria still marks unstable.

\`\`\`tsx
const toast = useToast();
toast.success(t('scores_saved'));
toast.error(t('save_failed'), { description: t('check_connection'), timeout: 0 });
\`\`\`

The **props table below is the demo's**. The API: \`show(type, title, options?)\` and \`success\` / \`error\` / \`warning\` / \`info(title, options?)\` with \`options\` = \`{ timeout?: number /* ms, default 5000; 0 keeps it */, description?: ReactNode, onClose?: () => void }\`; \`close(id)\`; \`clear()\`. \`ToastProvider\` (\`maxVisibleToasts\`, default 3) and \`ToastRegion\` (\`queue\`) are exported for a tree without SalaProvider.

### When to use

- Confirming that an action worked when the page does not show it by itself ("Scores saved for Grade 7 A").
- A failure of a background action, with a way forward in the description.
- A state of the app that lasts (offline): \`timeout: 0\`, closed by id when it ends (see **NetworkStatus**).

### When to use something else

- A question or a destructive action to confirm: **ConfirmDialog** (\`useConfirm()\`).
- Errors in a form: the fields' \`errorMessage\` and **ErrorSummary** at the top; a toast vanishes, form errors must stay.
- A failure of the content the page is about: **ErrorState** in place of it.
- Information that belongs to the page: **Text** or **Card** in the page, not a toast.

### Accessibility

| Key | Action |
| --- | --- |
| \`F6\` / \`Shift\`+\`F6\` | Moves focus into the notifications region and back to the page (react-aria landmark navigation). |
| \`Tab\` | Inside the region, moves to a toast and then to its close button; the region comes after the page in the tab order. |
| \`Enter\` / \`Space\` | On the close button (×), closes the toast. |

- The region is a landmark (\`region\` named "Notifications"); each toast is an \`alertdialog\` named by its title and described by its description. Screen readers announce a new toast without moving focus.
- Timers pause while the region is hovered or focused, so nobody loses a message while reading it.
- When a focused toast closes, react-aria moves focus to another toast or back to where it was before the region.
- The type is shown by an icon and a colour, and must also be in the words: "Could not save…", not only red.
- APG: toasts have no exact pattern; they follow the [alert](https://www.w3.org/WAI/ARIA/apg/patterns/alert/) and [landmark](https://www.w3.org/WAI/ARIA/apg/practices/landmark-regions/) practices.

### Khmer content

- Give the title and description in the user's language; the close button's name is the library's "Close" (បិទ) in the current language.
- Titles and descriptions wrap inside the toast (\`overflow-wrap: anywhere\`) with the Khmer line height (1.8) for \`:lang(km)\`: long Khmer text without spaces is never clipped on a 360 px phone (see *KhmerWithDescription*).
- Write numbers in the message the way the user reads them (\`formatNumber(n, { digits })\` for Khmer digits).
`,
      },
    },
  },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The story's button: the first of its copies, since the toolbar's side-by-side colour mode
 * shows the story twice (light and dark) under one provider and one toast region.
 */
async function ownButton(canvasElement: HTMLElement, name: string) {
  const [button] = await within(canvasElement).findAllByRole('button', { name });
  return button!;
}

/** Shows a toast by pointer and by keyboard; its × button closes it. */
export const Playground: Story = {
  args: { timeout: 0 },
  play: async ({ canvasElement, globals }) => {
    const t = stringsFor(globals);
    const show = await ownButton(canvasElement, 'Show toast');
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
    // Side by side, the page shows the story twice (one toast region for both): one click.
    await userEvent.click(await ownButton(canvasElement, 'Show all'));
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
    await userEvent.click(await ownButton(canvasElement, 'Show toast'));
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
