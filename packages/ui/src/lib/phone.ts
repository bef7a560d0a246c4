import {
  AsYouType,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js';
import { fromKhmerDigits } from './khmerDigits.js';

/** The countries a phone number may belong to; Cambodia first (the default). */
export const phoneCountries = ['KH', 'US', 'CA', 'GB', 'AU'] as const;
export type PhoneCountry = (typeof phoneCountries)[number];

/** The calling code of each supported country, e.g. `KH` → `855`. */
export function callingCodeOf(country: PhoneCountry): string {
  return getCountryCallingCode(country);
}

/** Why a phone number was not accepted. */
export type PhoneProblem =
  'empty' | 'too-short' | 'too-long' | 'invalid' | 'unsupported-country' | 'not-a-number';

export type ParsedPhone =
  | {
      ok: true;
      /** For storage: `+85512345678`. */
      e164: string;
      /** For display in the country: `012 345 678`. */
      national: string;
      /** For display abroad: `+855 12 345 678`. */
      international: string;
      country: PhoneCountry;
    }
  | { ok: false; problem: PhoneProblem; input: string };

/**
 * Keeps only the digits of what was typed (Khmer digits read as digits) and a leading `+`;
 * `00` before a calling code counts as `+`. Spaces, dashes, dots and brackets go.
 */
export function normalisePhoneInput(input: string): string {
  const ascii = fromKhmerDigits(input).trim();
  const plus = ascii.startsWith('+') || ascii.startsWith('00');
  const digits = ascii.replace(/\D/g, '');
  if (!plus) return digits;
  return `+${ascii.startsWith('00') ? digits.slice(2) : digits}`;
}

function isSupported(country: string | undefined): country is PhoneCountry {
  return (phoneCountries as readonly string[]).includes(country ?? '');
}

/**
 * Reads a phone number typed in any common way — `012 345 678`, `+855 12 345 678`, `០១២៣៤៥៦៧៨`
 * — for `country` (Cambodia by default) and returns it as E.164 for storage and national format
 * for display, or the reason it is not a valid number. The input is never "corrected".
 */
export function parsePhone(input: string, country: PhoneCountry = 'KH'): ParsedPhone {
  if (/[^\d\u17e0-\u17e9\s+().\-/]/.test(input.trim()))
    return { ok: false, problem: 'not-a-number', input };
  const normalised = normalisePhoneInput(input);
  if (!normalised || normalised === '+') return { ok: false, problem: 'empty', input };
  const lengthProblem = validatePhoneNumberLength(normalised, country);
  if (lengthProblem === 'TOO_SHORT' || lengthProblem === 'NOT_A_NUMBER')
    return { ok: false, problem: 'too-short', input };
  if (lengthProblem === 'TOO_LONG') return { ok: false, problem: 'too-long', input };
  if (lengthProblem === 'INVALID_COUNTRY')
    return { ok: false, problem: 'unsupported-country', input };
  const phone = parsePhoneNumberFromString(normalised, country);
  if (!phone) return { ok: false, problem: 'invalid', input };
  if (!isSupported(phone.country ?? (normalised.startsWith('+') ? undefined : country))) {
    // A +1 number may be from a country we do not list (e.g. a Caribbean one).
    return { ok: false, problem: 'unsupported-country', input };
  }
  if (!phone.isValid()) return { ok: false, problem: 'invalid', input };
  return {
    ok: true,
    e164: phone.number,
    national: phone.formatNational(),
    international: phone.formatInternational(),
    country: phone.country as PhoneCountry,
  };
}

export type PhoneDisplay = 'national' | 'international' | 'e164';

/**
 * Formats a stored phone number for display: national by default. A value that is not a valid
 * number comes back exactly as it was given, so a bad record is visible, not disguised.
 */
export function formatPhone(
  value: string,
  options: { country?: PhoneCountry; display?: PhoneDisplay } = {},
): string {
  const parsed = parsePhone(value, options.country ?? 'KH');
  if (!parsed.ok) return value;
  const display = options.display ?? 'national';
  return display === 'e164'
    ? parsed.e164
    : display === 'international'
      ? parsed.international
      : parsed.national;
}

/**
 * Formats the digits typed so far the way the country writes them (`012 345 6`), for an input
 * that formats as you type. Khmer digits are read as digits.
 */
export function formatPhoneAsYouType(input: string, country: PhoneCountry = 'KH'): string {
  const normalised = normalisePhoneInput(input);
  if (!normalised) return '';
  return new AsYouType(country).input(normalised);
}
