import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The countries the spec's phone formatter knows; KH is the default. */
export type PhoneCountry = 'KH' | 'US' | 'CA' | 'GB' | 'AU';

/**
 * A phone number as stored: E.164 (`+85512345678`), read with the school's default country
 * when it has no international prefix; undefined when it is not a valid number.
 */
export function toE164(input: string, country: PhoneCountry = 'KH'): string | undefined {
  const digits = input.replace(/[\s().-]/g, '');
  const parsed = parsePhoneNumberFromString(digits, country as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}
