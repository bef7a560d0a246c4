import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '../TextField/TextField.js';
import { Form } from './Form.js';

const schema = z.object({
  name: z.string().min(1, 'Enter the class name'),
  room: z.string().regex(/^\d+$/, 'A room is a number'),
});

describe('Form', () => {
  it('shows each zod error next to its field and a summary', () => {
    const result = schema.safeParse({ name: '', room: 'A' });
    render(
      <Form errors={result}>
        <TextField name="name" label="Class name" />
        <TextField name="room" label="Room" />
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Class name' })).toHaveAccessibleDescription(
      'Enter the class name',
    );
    expect(screen.getByRole('textbox', { name: 'Room' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('2 fields need your attention');
    expect(screen.getByRole('link', { name: 'Room: A room is a number' })).toBeInTheDocument();
  });

  it('shows form-level errors and nothing for a success', () => {
    const { rerender } = render(
      <Form errors={{ formErrors: ['This class already exists'], fieldErrors: {} }}>
        <TextField name="name" label="Class name" />
      </Form>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This class already exists');
    rerender(
      <Form errors={{ success: true }}>
        <TextField name="name" label="Class name" />
      </Form>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('submits', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <Form onSubmit={onSubmit}>
        <TextField name="name" label="Class name" />
        <button type="submit">Save</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});
