import { describe, expect, it } from 'vitest';
import {
  callingCodeOf,
  formatPhone,
  formatPhoneAsYouType,
  normalisePhoneInput,
  parsePhone,
  phoneCountries,
  type PhoneCountry,
} from './phone.js';

describe('parsePhone: valid numbers of each country', () => {
  it.each<[string, PhoneCountry, string, string]>([
    ['012 345 678', 'KH', '+85512345678', '012 345 678'],
    ['012-345-678', 'KH', '+85512345678', '012 345 678'],
    ['(012) 345.678', 'KH', '+85512345678', '012 345 678'],
    ['097 123 4567', 'KH', '+855971234567', '097 123 4567'],
    ['+855 12 345 678', 'KH', '+85512345678', '012 345 678'],
    ['00855 12 345 678', 'KH', '+85512345678', '012 345 678'],
    ['023 123 456', 'KH', '+85523123456', '023 123 456'],
    ['(201) 555-0123', 'US', '+12015550123', '(201) 555-0123'],
    ['+1 201 555 0123', 'US', '+12015550123', '(201) 555-0123'],
    ['416 555 0123', 'CA', '+14165550123', '(416) 555-0123'],
    ['07400 123456', 'GB', '+447400123456', '07400 123456'],
    ['+44 20 7946 0958', 'GB', '+442079460958', '020 7946 0958'],
    ['0412 345 678', 'AU', '+61412345678', '0412 345 678'],
    ['(02) 9876 5432', 'AU', '+61298765432', '(02) 9876 5432'],
  ])('%s in %s → %s, shown %s', (input, country, e164, national) => {
    const parsed = parsePhone(input, country);
    expect(parsed).toMatchObject({ ok: true, e164, national });
  });
});

describe('parsePhone: Khmer digits are read as digits', () => {
  it.each<[string, PhoneCountry, string]>([
    ['០១២ ៣៤៥ ៦៧៨', 'KH', '+85512345678'],
    ['០៩៧១២៣៤៥៦៧', 'KH', '+855971234567'],
    ['+៨៥៥ ១២ ៣៤៥ ៦៧៨', 'KH', '+85512345678'],
    ['(២០១) ៥៥៥-០១២៣', 'US', '+12015550123'],
    ['០៧៤០០ ១២៣៤៥៦', 'GB', '+447400123456'],
    ['០៤១២ ៣៤៥ ៦៧៨', 'AU', '+61412345678'],
    ['៤១៦ ៥៥៥ ០១២៣', 'CA', '+14165550123'],
  ])('%s in %s → %s', (input, country, e164) => {
    expect(parsePhone(input, country)).toMatchObject({ ok: true, e164 });
  });
});

describe('parsePhone: invalid numbers are reported, not mangled', () => {
  it.each<[string, PhoneCountry, string]>([
    ['', 'KH', 'empty'],
    ['   ', 'KH', 'empty'],
    ['+', 'KH', 'empty'],
    ['12', 'KH', 'too-short'],
    ['012 345', 'KH', 'too-short'],
    ['012 345 678 901 23', 'KH', 'too-long'],
    ['abc', 'KH', 'not-a-number'],
    ['012 345 67x', 'KH', 'not-a-number'],
    ['201 555', 'US', 'too-short'],
    ['(000) 555-0123', 'US', 'invalid'],
    ['07400 12', 'GB', 'invalid'],
    ['0412 34', 'AU', 'invalid'],
    ['+33 1 23 45 67 89', 'KH', 'unsupported-country'],
    ['+1 876 555 0123', 'US', 'unsupported-country'],
  ])('%j in %s is %s', (input, country, problem) => {
    expect(parsePhone(input, country)).toEqual({ ok: false, problem, input });
  });
});

describe('formatPhone', () => {
  it.each<[string, Parameters<typeof formatPhone>[1], string]>([
    ['+85512345678', {}, '012 345 678'],
    ['+85512345678', { display: 'international' }, '+855 12 345 678'],
    ['+85512345678', { display: 'e164' }, '+85512345678'],
    ['+12015550123', {}, '(201) 555-0123'],
    ['+447400123456', { display: 'international' }, '+44 7400 123456'],
    ['+61412345678', {}, '0412 345 678'],
    ['០១២៣៤៥៦៧៨', {}, '012 345 678'],
    ['2015550123', { country: 'US' }, '(201) 555-0123'],
  ])('%s %o → %s', (value, options, expected) => {
    expect(formatPhone(value, options)).toBe(expected);
  });

  it.each(['12', 'not a phone', '+33 1 23 45 67 89', ''])(
    'returns %j unchanged when it is not a valid number',
    (value) => {
      expect(formatPhone(value)).toBe(value);
    },
  );
});

describe('formatPhoneAsYouType', () => {
  it.each<[string, PhoneCountry, string]>([
    ['012', 'KH', '012'],
    ['012345', 'KH', '012 345'],
    ['012345678', 'KH', '012 345 678'],
    ['០១២៣៤៥', 'KH', '012 345'],
    ['201555', 'US', '(201) 555'],
    ['+8551234', 'KH', '+855 12 34'],
    ['', 'KH', ''],
  ])('%s in %s → %s', (input, country, expected) => {
    expect(formatPhoneAsYouType(input, country)).toBe(expected);
  });
});

describe('normalisePhoneInput and calling codes', () => {
  it.each([
    ['012 345-678', '012345678'],
    ['+855 (12) 345 678', '+85512345678'],
    ['00855 12', '+85512'],
    ['០១២', '012'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePhoneInput(input)).toBe(expected);
  });

  it('knows every supported country', () => {
    expect(phoneCountries.map(callingCodeOf)).toEqual(['855', '1', '1', '44', '61']);
  });
});
