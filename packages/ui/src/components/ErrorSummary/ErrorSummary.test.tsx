import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from '../Select/Select.js';
import { TextField } from '../TextField/TextField.js';
import { ErrorSummary } from './ErrorSummary.js';

describe('ErrorSummary', () => {
  it('renders nothing without errors', () => {
    const { container } = render(<ErrorSummary errors={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('titles the count of fields and links each label and message to its field', async () => {
    render(
      <form aria-label="Year">
        <ErrorSummary
          errors={[
            { name: 'name', label: 'Name', message: 'Fill in this field' },
            {
              name: 'terms.1.months',
              label: 'Months',
              message: 'Term 2 must start after Term 1 ends',
            },
          ]}
        />
        <TextField name="name" label="Name" />
        <TextField name="terms.1.months" label="Months" />
      </form>,
    );
    const summary = screen.getByRole('alert');
    expect(summary).toHaveAccessibleName('2 fields need your attention');
    await userEvent.click(
      screen.getByRole('link', { name: 'Months: Term 2 must start after Term 1 ends' }),
    );
    expect(screen.getByRole('textbox', { name: 'Months' })).toHaveFocus();
  });

  it("reaches a field whose named input is hidden through the field's own control", async () => {
    render(
      <form aria-label="Class">
        <ErrorSummary errors={[{ name: 'session', label: 'Shift', message: 'Choose one' }]} />
        <Select
          name="session"
          label="Shift"
          options={[
            { id: 'morning', label: 'Morning' },
            { id: 'afternoon', label: 'Afternoon' },
          ]}
        />
      </form>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Shift: Choose one' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Shift/ }));
  });

  it('takes the focus when the form is submitted again with errors, not while typing', async () => {
    function Submitted() {
      const [submits, setSubmits] = useState(0);
      return (
        <form
          aria-label="Year"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmits((n) => n + 1);
          }}
        >
          <ErrorSummary
            errors={submits ? [{ name: 'name', label: 'Name', message: 'Fill in this field' }] : []}
            formErrors={submits ? ['The connection was lost'] : []}
            focusKey={submits}
          />
          <TextField name="name" label="Name" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Submitted />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('The connection was lost');
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });
});
