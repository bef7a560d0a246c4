import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { storyStrings } from '../private/field/storyStrings.js';
import { ComboBox } from './ComboBox.js';

const students = [
  { id: 1, label: 'សុខ ដារា · Sok Dara' },
  { id: 2, label: 'ចាន់ ស្រីមុំ · Chan Sreymom' },
  { id: 3, label: 'លី វិចិត្រ · Ly Vichet' },
  { id: 4, label: 'ហេង សុភា · Heng Sophea' },
];

const meta = {
  title: 'Forms/ComboBox',
  component: ComboBox,
  tags: ['autodocs'],
  args: { label: 'Student', options: students, onChange: fn() },
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `A searchable list: type to filter the options (or search the server with \`loadOptions\`), arrows to move, Enter to choose. A failed load shows the error in the field, never a crash.

### When to use
- Choosing one item from a long list: a student of the school, a teacher, a village.
- Lists loaded from the server as the user types (\`loadOptions\`, debounced by \`debounceMs\`).

### When to use something else
- A short list (up to about ten): \`Select\` or \`RadioGroup\`.
- Several items: \`CheckboxGroup\` (short lists) or a selectable \`DataTable\`.
- Free text with no list: \`TextField\`.
- Academic years: \`AcademicYearPicker\`.

### Accessibility
| Key | Action |
| --- | --- |
| Typing | Filters the list and opens it |
| Arrow Down, Arrow Up | Open the list / move between options |
| Enter | Chooses the focused option and closes the list |
| Escape | Closes the list; with the list closed, restores the chosen option's text |
| Tab | Leaves the field (the list closes) |

- An input with \`role="combobox"\`, named by \`label\`, controlling a listbox; the focused option is announced without moving focus out of the input.
- The button beside it opens the list ("Show options", translated) and is not in the Tab order.
- While loading, the list shows "Loading…" and no results shows "No results", both in a status region; a failed load is the field's error message.
- Pattern: [WAI-ARIA APG Combobox](https://www.w3.org/WAI/ARIA/apg/patterns/combobox/).

### Khmer content
- Filtering compares with base sensitivity (case and accents ignored), so Khmer and English names both match; type Khmer with any Khmer keyboard.
- Long Khmer names wrap in the list with the Khmer line height; the input shows the chosen name on one line.
- Numbers in labels are shown as given: send labels with the digits the school uses.`,
      },
    },
    // No screenshot: the list is a portal whose open/close timing differs between runs, so the
    // painted area is not stable; the list's look is the same as Select's, which has screenshots.
    screenshot: false,
  },
  // Room for the list below the field: a list that does not fit scrolls the page, and a scroll
  // of the page closes the list (react-aria's close-on-scroll).
  decorators: [
    (Story) => (
      <div style={{ minHeight: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ComboBox>;

/** The list this combo box controls (not one left over from another story). */
const listOf = (input: HTMLElement) =>
  within(document.getElementById(input.getAttribute('aria-controls') ?? '') ?? document.body);

export default meta;
type Story = StoryObj<typeof meta>;

/** Type to filter (keyboard), click a match (pointer). */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Student' });
    await userEvent.type(input, 'sok');
    await userEvent.click(await screen.findByRole('option', { name: /Sok Dara/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(1);
    await waitFor(() => expect(input).toHaveValue('សុខ ដារា · Sok Dara'));
  },
};

/** Type to filter, Escape closes the list (and resets the text); the button opens it again. */
export const KeyboardChoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Student' });
    await userEvent.type(input, 'vichet');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.click(
      canvas.getByRole('button', {
        name: new RegExp(storyStrings(canvasElement)('select.showOptions')),
      }),
    );
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(listOf(input).getAllByRole('option').length).toBeGreaterThan(0));
    await userEvent.keyboard('{Escape}');
  },
};

/**
 * Keyboard only: Arrow Down opens the list on the first option, the arrows move through the
 * options (the active one is announced through aria-activedescendant), Enter chooses. The list
 * of a full-width field stays inside the window: were it wider, bringing an option into view
 * would scroll the page sideways, and a scroll of the page closes the list.
 */
export const ArrowKeysAndEnter: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Student' });
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await waitFor(() => expect(active()).toHaveTextContent(/Sok Dara/));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(active()).toHaveTextContent(/Heng Sophea/));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(active()).toHaveTextContent(/Ly Vichet/));
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
    await waitFor(() => expect(input).toHaveValue('លី វិចិត្រ · Ly Vichet'));
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'false'));
  },
};

/** Searches the server as you type (here a fake with a short delay). */
export const Async: Story = {
  args: {
    options: undefined,
    debounceMs: 50,
    loadOptions: async (query: string) => {
      await new Promise((r) => setTimeout(r, 100));
      return students.filter((s) => s.label.toLowerCase().includes(query.toLowerCase()));
    },
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Student' });
    await userEvent.type(input, 'heng');
    await waitFor(() => expect(screen.getByRole('option', { name: /Heng Sophea/ })).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Student' });
    await userEvent.type(input, 'xyz');
    await waitFor(async () =>
      expect(
        await screen.findByText(storyStrings(canvasElement)('select.noResults')),
      ).toBeVisible(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

export const LoadFailed: Story = {
  args: {
    options: undefined,
    debounceMs: 0,
    loadOptions: () => Promise.reject(new Error('offline')),
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Student' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(storyStrings(canvasElement)('table.error')),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Student' })).toBeDisabled();
  },
};
