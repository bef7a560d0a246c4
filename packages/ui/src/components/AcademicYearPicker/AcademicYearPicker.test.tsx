import { render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { AcademicYearPicker } from './AcademicYearPicker.js';

describe('AcademicYearPicker', () => {
  it('chooses the current year by default and names it in the language', () => {
    render(
      <I18nProvider locale="km-KH">
        <AcademicYearPicker
          label="ឆ្នាំសិក្សា"
          years={[
            { id: 'a', name: '2026–2027' },
            { id: 'b', name: { km: '២០២៥–២០២៦', en: '2025–2026' }, isCurrent: true },
          ]}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('button', { name: /២០២៥–២០២៦ \(បច្ចុប្បន្ន\)/ })).toBeInTheDocument();
  });
});
