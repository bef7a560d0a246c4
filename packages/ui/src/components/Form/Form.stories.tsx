import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { z } from 'zod';
import { Button } from '../Button/Button.js';
import { NumberField } from '../NumberField/NumberField.js';
import { TextField } from '../TextField/TextField.js';
import { storyStrings } from '../private/field/storyStrings.js';
import { Form } from './Form.js';

const subjectSchema = z.object({
  name: z.string().trim().min(1, 'Enter the subject name'),
  maxScore: z.coerce.number().min(1, 'The maximum score is at least 1'),
});

function SubjectForm({ onSave }: { onSave: (value: z.infer<typeof subjectSchema>) => void }) {
  const [result, setResult] = useState<ReturnType<typeof subjectSchema.safeParse> | null>(null);
  return (
    <Form
      errors={result}
      onSubmit={(e) => {
        e.preventDefault();
        const data = Object.fromEntries(new FormData(e.currentTarget));
        const parsed = subjectSchema.safeParse(data);
        setResult(parsed);
        if (parsed.success) onSave(parsed.data);
      }}
    >
      <TextField name="name" label="Subject name" />
      <NumberField name="maxScore" label="Maximum score" minValue={0} hideStepper />
      <Button type="submit">Save</Button>
    </Form>
  );
}

const meta = {
  title: 'Forms/Form',
  component: Form,
  tags: ['autodocs'],
  parameters: {
    status: 'beta',
    docs: {
      description: {
        component: `A form whose fields show the errors of a validation result next to themselves, wired for screen readers, with an \`ErrorSummary\` at the top that links to each field and takes the focus after a submission with errors.

### When to use
- Every form that validates with the contract's zod schemas or receives field errors from the server.

### When to use something else
- A form of one field (a search box): the field alone.
- Filters that apply as they change: fields without a \`Form\`.

### Accessibility
| Key | Action |
| --- | --- |
| Enter (in a text field) | Submits the form |
| Tab | Moves through the summary's links, then the fields |

- Each field shows the errors of its \`name\` (nested names joined by dots) with \`aria-invalid\` and \`aria-describedby\`; errors without a field show at the top.
- After a submission with errors (\`submitCount\` changes), the summary takes the focus and is announced.
- Validation is \`aria\` style: the browser's own bubbles never show.

### Khmer content
- Messages come from the contract's translated errors; labels are the fields' own, in the interface language.
- The summary's count is pluralised by the interface language's rules.`,
      },
    },
  },
  args: { children: null },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Submitting runs zod; its errors appear beside the fields and in a summary. */
export const Playground: Story = {
  args: { onSubmit: fn() },
  render: (args) => <SubjectForm onSave={(v) => args.onSubmit?.(v as never)} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const name = canvas.getByRole('textbox', { name: 'Subject name' });
    await expect(name).toHaveAccessibleDescription('Enter the subject name');
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      storyStrings(canvasElement)('form.errorSummary', { count: 2 }),
    );
    await userEvent.type(name, 'Mathematics');
    await userEvent.type(canvas.getByRole('spinbutton', { name: 'Maximum score' }), '50');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Mathematics', maxScore: 50 });
  },
};

/** Errors from the server (flattened), including one for the whole form. */
export const ServerErrors: Story = {
  args: {
    errors: {
      formErrors: ['A subject with this name already exists'],
      fieldErrors: { name: ['Choose another name'] },
    },
    children: (
      <>
        <TextField name="name" label="Subject name" defaultValue="Mathematics" />
        <Button type="submit">Save</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'A subject with this name already exists',
    );
    await expect(canvas.getByRole('textbox', { name: 'Subject name' })).toHaveAccessibleDescription(
      'Choose another name',
    );
  },
};
