import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates.js';

describe('formatDateTime', () => {
  const date = new Date(2026, 10, 21, 8, 5);
  it('writes Khmer month names from our table', () => {
    expect(formatDateTime(date, 'km')).toBe('21 វិច្ឆិកា 2026 08:05');
    expect(formatDateTime(date, 'km', false)).toBe('21 វិច្ឆិកា 2026');
  });
  it('writes Khmer digits when the user chose them', () => {
    expect(formatDateTime(date, 'km', true, 'khmr')).toBe('២១ វិច្ឆិកា ២០២៦ ០៨:០៥');
    expect(formatDateTime(date, 'en', false, 'khmr')).toBe('២១ Nov ២០២៦');
  });
  it('writes English through Intl', () => {
    expect(formatDateTime(date, 'en')).toBe('21 Nov 2026, 08:05');
  });
});
