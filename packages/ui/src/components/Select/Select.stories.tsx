import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './Select.js';

const subjects = [
  { id: 'khmer', label: 'ភាសាខ្មែរ · Khmer' },
  { id: 'math', label: 'គណិតវិទ្យា · Mathematics' },
  { id: 'physics', label: 'រូបវិទ្យា · Physics' },
  { id: 'history', label: 'ប្រវត្តិវិទ្យា · History', isDisabled: true },
];

const meta = {
  title: 'Forms/Select',
  tags: ['autodocs'],
  component: Select,
  args: { label: 'Subject', options: subjects, onChange: fn() },
  parameters: {
    status: 'stable',
    docs: {
      description: {
        component: `
A labelled drop-down list: the user opens it and chooses one option — a subject, a class, a term. \`options\` is an array of \`{ id, label, description?, isDisabled? }\`; \`value\`/\`defaultValue\` and \`onChange\` work with the chosen option's id (null for none). The placeholder is "Select…" in the current language. It is react-aria's Select with the field's label, \`description\` and \`errorMessage\`, and takes its props (\`isRequired\`, \`isDisabled\`, \`name\`, \`autoFocus\`…).

### When to use

- One choice from a short, known list (about 3 to 15 options).
- As the base of the calendar pickers (**MonthPicker**, **WeekPicker**, **YearPicker**), which are Selects.

### When to use something else

- A long list the user would rather search (a student, a school): **ComboBox**.
- Two to five options that all fit on screen: **RadioGroup**; a few short options side by side that take effect at once: **SegmentedControl**.
- Several choices: **CheckboxGroup**.
- An action, not a value: **Menu**.
- A month, week, year, academic year or weekday: **MonthPicker**, **WeekPicker**, **YearPicker**, **AcademicYearPicker**, **DayOfWeekPicker**.

### Accessibility

| Key | Action |
| --- | --- |
| \`Tab\` | Moves focus to the button (clicking the label does too). |
| \`Enter\` / \`Space\` / \`ArrowDown\` | On the button, opens the list with focus on the chosen option (or the first). |
| \`ArrowUp\` | On the button, opens the list with focus on the chosen option (or the last). |
| \`ArrowLeft\` / \`ArrowRight\` | On the closed button, chooses the previous or next option without opening the list. |
| a letter | On the button or in the list, moves to the option whose text starts with it (typeahead). |
| \`ArrowDown\` / \`ArrowUp\`, \`Home\` / \`End\`, \`PageDown\` / \`PageUp\` | In the list, move between options; disabled options are skipped. |
| \`Enter\` / \`Space\` | In the list, chooses the focused option and closes it. |
| \`Escape\` | Closes the list without changing the choice; focus returns to the button. |

- The button is named by the label and its value ("Subject Mathematics"); it has \`aria-haspopup="listbox"\` and \`aria-expanded\`. The list is a \`listbox\` of \`option\`s; the chosen one is \`aria-selected\`, a disabled one \`aria-disabled\`.
- The description and error are linked by \`aria-describedby\`; an \`errorMessage\` marks it invalid, in words under the field.
- A hidden native \`<select>\` carries the value for forms and autofill.
- APG pattern: [Listbox](https://www.w3.org/WAI/ARIA/apg/patterns/listbox/) opened from a button (react-aria's Select, not the combobox role).

### Khmer content

- Under a Khmer page (\`lang="km"\`) the label, the button and the options take the Khmer line height (1.8); none has a fixed height (options and the button are at least 44 px), so two-line Khmer options are not clipped.
- Long labels wrap inside the list; the button shows the chosen option's text and wraps it rather than cutting it.
- Typeahead matches the option's \`label\`, in Khmer too.
- Write numbers in labels with the user's digits (\`formatNumber(n, { digits })\`); the pickers built on Select do this for you.
`,
      },
    },
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Choose with the pointer, then change it with the keyboard. */
export const Playground: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Subject/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Mathematics/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith('math');
    canvas.getByRole('button', { name: /Subject/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(listbox).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('physics');
  },
};

export const Chosen: Story = {
  args: { defaultValue: 'khmer' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /ភាសាខ្មែរ/ }),
    ).toBeInTheDocument();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Choose a subject', isRequired: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Choose a subject')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Subject/ })).toBeDisabled();
  },
};
