import {
  createAcademicYearRequestSchema,
  createGradeLevelRequestSchema,
  type ErrorBody,
} from '@sala/contract';
import { Button, ErrorSummary, NumberField, SalaProvider, TextField } from '@sala/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.js';
import { initI18n } from '../i18n/index.js';
import { TermsEditor } from '../pages/setup/TermsEditor.js';
import { useContractForm } from './useContractForm.js';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
  await i18n.loadNamespaces('setup');
});

/** A year whose second term starts before the first ends, and whatever the server answers. */
function YearForm({ answer }: { answer?: () => Promise<unknown> }) {
  const f = useContractForm({
    schema: createAcademicYearRequestSchema,
    defaultValues: {
      name: '',
      startDate: '2026-11-02',
      endDate: '2027-08-31',
      terms: [
        { number: 1, nameKm: '', nameEn: 'Semester 1', months: [11, 12, 1, 2], examMonth: 2 },
        { number: 2, nameKm: '', nameEn: 'Semester 2', months: [2, 4, 5], examMonth: 5 },
      ],
    },
  });
  return (
    <form aria-label="Year" noValidate onSubmit={f.submit(answer ?? (async () => {}))}>
      <ErrorSummary {...f.summary} />
      <TextField {...f.text('name', 'Name')} />
      <TextField {...f.text('startDate', 'First day')} type="date" />
      <TextField {...f.text('endDate', 'Last day')} type="date" />
      <TermsEditor f={f} />
      <Button type="submit">Save</Button>
    </form>
  );
}

const refusal = (body: Partial<ErrorBody>) =>
  new ApiError(400, body.code ?? 'VALIDATION_ERROR', 'refused', body.fieldErrors);

describe('a form checked with the contract', () => {
  it('says which field and why, next to it and in a focused summary that links to it', async () => {
    await i18n.changeLanguage('en');
    render(
      <SalaProvider locale="en">
        <YearForm />
      </SalaProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveAccessibleName('2 fields need your attention');
    const items = within(summary).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'Name: Fill in this field',
      'Term 2 · Months: A month appears twice Term 2 must start after Term 1 ends',
    ]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Fill in this field',
    );
    expect(screen.getAllByRole('group', { name: 'Months' })[1]).toHaveAccessibleDescription(
      'A month appears twice Term 2 must start after Term 1 ends',
    );

    await userEvent.click(items[0]!);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    // Putting the months right clears the refusal as the user types, without a new submit.
    const [, secondMonths] = screen.getAllByRole('group', { name: 'Months' });
    await userEvent.click(within(secondMonths!).getByRole('checkbox', { name: 'February' }));
    expect(within(screen.getByRole('alert')).getAllByRole('link')).toHaveLength(1);
  });

  it("puts the server's refusals on their fields, and the rest at the top", async () => {
    await i18n.changeLanguage('en');
    const answer = () =>
      Promise.reject(
        refusal({
          fieldErrors: {
            name: ['NAME_EXISTS'],
            'terms.0.number': ['DUPLICATE_TERM'],
            body: ['UNKNOWN_FIELD'],
          },
        }),
      );
    render(
      <SalaProvider locale="en">
        <YearForm answer={answer} />
      </SalaProvider>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('2026–2027');
    const [, secondMonths] = screen.getAllByRole('group', { name: 'Months' });
    await userEvent.click(within(secondMonths!).getByRole('checkbox', { name: 'February' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('This field is not accepted here');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual(['Name: This name is already used', 'Term 1: Two terms have the same number']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This name is already used',
    );
  });

  it('speaks Khmer with the digits the user chose, the summary calling a field ប្រអប់', async () => {
    await i18n.changeLanguage('km');
    render(
      <SalaProvider locale="km" digits="khmr">
        <YearForm />
      </SalaProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('alert');
    expect(summary).toHaveAccessibleName(/ប្រអប់/);
    expect(summary).toHaveTextContent('ឆមាសទី ២ ត្រូវចាប់ផ្ដើមក្រោយពេលឆមាសទី ១ បញ្ចប់');
    expect(summary).toHaveTextContent('សូមបំពេញប្រអប់នេះ');
    await i18n.changeLanguage('en');
  });

  it('keeps an empty number field empty, and says the range of a number out of it', async () => {
    await i18n.changeLanguage('en');
    function GradeForm() {
      const f = useContractForm({
        schema: createGradeLevelRequestSchema,
        defaultValues: { number: 7, nameKm: '', nameEn: 'Grade 7', maxScore: 50, divisor: null },
      });
      return (
        <form aria-label="Grade" noValidate onSubmit={f.submit(async () => {})}>
          <ErrorSummary {...f.summary} />
          <NumberField {...f.number('maxScore', 'Maximum score')} />
          <NumberField {...f.number('divisor', 'Divisor')} />
          <Button type="submit">Save</Button>
        </form>
      );
    }
    render(
      <SalaProvider locale="en">
        <GradeForm />
      </SalaProvider>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Divisor' })).toHaveValue('');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Divisor' }), '500');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Divisor: Enter a number from 0.01 to 100');
  });
});
