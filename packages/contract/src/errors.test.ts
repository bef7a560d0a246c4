import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './errorBody.js';
import { errorCodes, errorMessage, errorMessages } from './errors.js';

describe('error catalogue', () => {
  it.each(errorCodes)('%s has a message in English and in Khmer', (code) => {
    const { en, km } = errorMessages[code];
    expect(en.trim()).not.toBe('');
    expect(km.trim()).not.toBe('');
    expect(km).toMatch(/[\u1780-\u17FF]/);
  });

  it("keeps the spec's own English wording", () => {
    expect(errorMessage('INVALID_CREDENTIALS')).toBe('Invalid credentials');
    expect(errorMessage('VALIDATION_ERROR')).toBe('Validation error');
    expect(errorMessage('SERVER_ERROR')).toBe('Server error - please try again later');
    expect(errorMessage('NO_TOKEN')).toBe('No authentication token found');
    expect(errorMessage('INVALID_TOKEN')).toBe('Invalid authentication token');
    expect(errorMessage('SESSION_EXPIRED')).toBe('Session expired. Please login again.');
    expect(errorMessage('PROFILE_NOT_FOUND')).toBe('User profile not found');
    expect(errorMessage('LOGIN_FAILED')).toBe('Login failed');
  });

  it('answers in Khmer for km and in English otherwise', () => {
    expect(errorMessage('NOT_FOUND', 'km')).toBe('រកមិនឃើញ');
    expect(errorMessage('NOT_FOUND', 'fr')).toBe('Not found');
  });

  it('describes an error body', () => {
    expect(
      errorBodySchema.safeParse({ success: false, code: 'NOT_FOUND', message: 'Not found' })
        .success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ success: false, code: 'NOPE', message: 'x' }).success).toBe(
      false,
    );
  });
});
