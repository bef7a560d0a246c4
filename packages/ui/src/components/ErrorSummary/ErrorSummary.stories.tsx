import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button.js';
import { NumberField } from '../NumberField/NumberField.js';
import { Stack } from '../Stack/Stack.js';
import { TextField } from '../TextField/TextField.js';
import { storyIsKhmer, storyStrings } from '../private/field/storyStrings.js';
import { ErrorSummary } from './ErrorSummary.js';

const meta = {
  title: 'Forms/ErrorSummary',
  component: ErrorSummary,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      // Inside a named form: on the docs page each story gets a frame, so that the copies do not repeat one landmark.
      story: { inline: false, height: '300px' },
      description: {
        component: `The errors of a form, listed at its top: a title with how many fields need attention, then each field's label and message as a link that brings the field into view and puts the cursor in it. Renders nothing without errors. \`Form\` shows one by itself.

### When to use
- At the top of a form after a submission found errors, when the form is not a \`Form\` (which includes it).
- For errors of the whole form that no field causes (\`formErrors\`).

### When to use something else
- Wrap fields in \`Form\`: it fills and focuses the summary from a zod result.
- One field's error: the field's own \`errorMessage\`.
- A failure to load: \`ErrorState\`.

### Accessibility
| Key | Action |
| --- | --- |
| Tab | Moves through the links to each field |
| Enter | Moves focus to that field (and scrolls it into view) |

- \`role="alert"\`, named by its title: announced when it appears. When \`focusKey\` changes (a new submission), it takes the focus, so the user starts from it.
- Each link reads the field's label and its message.
- Pattern: the [GOV.UK error summary](https://design-system.service.gov.uk/components/error-summary/).

### Khmer content
- The title is translated with its count ("មាន 2 ប្រអប់ដែលត្រូវពិនិត្យ"), pluralised by the interface language's rules.
- Labels and messages are the form's own, in the interface language; they wrap with the Khmer line height.`,
      },
    },
  },
  args: {
    errors: [
      { name: 'yearName', label: 'Name', message: 'Enter at most 50 characters' },
      {
        name: 'bandB',
        label: 'B from (%)',
        message: 'Cut-off for B must be below the cut-off for A',
      },
    ],
  },
} satisfies Meta<typeof ErrorSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The count of fields, then each field's label and why, as links to the fields. */
export const Playground: Story = {
  render: (args) => (
    <form aria-label="Academic year">
      <Stack gap="medium">
        <ErrorSummary {...args} />
        <TextField name="yearName" label="Name" defaultValue={'2026 '.repeat(11)} isInvalid />
        <NumberField name="bandB" label="B from (%)" defaultValue={95} hideStepper isInvalid />
      </Stack>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const t = storyStrings(canvasElement);
    const summary = canvas.getByRole('alert');
    await expect(summary).toHaveAccessibleName(t('form.errorSummary', { count: 2 }));
    await userEvent.click(
      within(summary).getByRole('link', {
        name: 'B from (%): Cut-off for B must be below the cut-off for A',
      }),
    );
    await expect(canvas.getByRole('spinbutton', { name: 'B from (%)' })).toHaveFocus();
  },
};

const khmer = {
  term: 'ខែ',
  termMessage: 'ឆមាសទី ២ ត្រូវចាប់ផ្ដើមក្រោយពេលឆមាសទី ១ បញ្ចប់',
  cutOff: 'B ចាប់ពី (%)',
  cutOffMessage: 'កម្រិតសម្រាប់និទ្ទេស B ត្រូវតែទាបជាងកម្រិតសម្រាប់និទ្ទេស A',
  name: 'ឈ្មោះ',
  nameMessage: 'សូមបំពេញប្រអប់នេះ',
  save: 'រក្សាទុក',
};
const english = {
  term: 'Months',
  termMessage: 'Term 2 must start after Term 1 ends',
  cutOff: 'B from (%)',
  cutOffMessage: 'Cut-off for B must be below the cut-off for A',
  name: 'Name',
  nameMessage: 'Fill in this field',
  save: 'Save',
};

/** A form submitted with three errors: the summary takes the focus, each link reaches its field. */
function SubmittedForm({ words }: { words: typeof english }) {
  const [submits, setSubmits] = useState(0);
  const errors =
    submits === 0
      ? []
      : [
          { name: 'name', label: words.name, message: words.nameMessage },
          { name: 'term2Months', label: words.term, message: words.termMessage },
          { name: 'cutOffB', label: words.cutOff, message: words.cutOffMessage },
        ];
  const messageOf = (name: string) => errors.find((error) => error.name === name)?.message;
  return (
    <form
      aria-label="Setup"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmits((n) => n + 1);
      }}
    >
      <Stack gap="medium">
        <ErrorSummary errors={errors} focusKey={submits} />
        <TextField name="name" label={words.name} errorMessage={messageOf('name')} />
        <TextField
          name="term2Months"
          label={words.term}
          defaultValue="1, 4, 5"
          errorMessage={messageOf('term2Months')}
        />
        <NumberField
          name="cutOffB"
          label={words.cutOff}
          defaultValue={95}
          hideStepper
          errorMessage={messageOf('cutOffB')}
        />
        <div>
          <Button type="submit">{words.save}</Button>
        </div>
      </Stack>
    </form>
  );
}

/** Submitting moves the focus to the summary; a link moves it to its field, in either language. */
export const OnSubmit: Story = {
  render: (_args, { globals }) => (
    <SubmittedForm words={globals.locale === 'km' ? khmer : english} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const words = storyIsKhmer(canvasElement) ? khmer : english;
    const t = storyStrings(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: words.save }));
    const summary = await canvas.findByRole('alert');
    await expect(summary).toHaveFocus();
    await expect(summary).toHaveAccessibleName(t('form.errorSummary', { count: 3 }));
    const months = canvas.getByRole('textbox', { name: words.term });
    await expect(months).toHaveAccessibleDescription(words.termMessage);
    await userEvent.click(
      within(summary).getByRole('link', { name: `${words.term}: ${words.termMessage}` }),
    );
    await expect(months).toHaveFocus();
  },
};

/** Problems of the whole form, with no field to blame, under a plain title. */
export const FormErrorsOnly: Story = {
  args: {
    errors: [],
    formErrors: [
      'Someone else changed this record while you were editing it. Reload it and make your change again.',
    ],
  },
  play: async ({ canvasElement }) => {
    const t = storyStrings(canvasElement);
    await expect(within(canvasElement).getByRole('alert')).toHaveAccessibleName(
      t('form.errorSummaryTitle'),
    );
  },
};
