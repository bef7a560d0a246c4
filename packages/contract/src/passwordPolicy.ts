import type { ErrorCode } from './errors.js';
import { commonPasswords } from './commonPasswords.js';

/** The shortest password accepted (NIST SP 800-63B asks for at least 8; we ask for 10). */
export const PASSWORD_MIN_LENGTH = 10;

/** What a new password is checked against: the account's own names and the school's code. */
export interface PasswordContext {
  username?: string | undefined;
  schoolCode?: string | undefined;
  email?: string | null | undefined;
}

/** Each rule of the password policy, passed (true) or not, as the user types. */
export interface PasswordChecks {
  /** At least PASSWORD_MIN_LENGTH characters. */
  longEnough: boolean;
  /** Not one of the most common passwords, nor a plain sequence (1234…, qwerty…, aaaa…). */
  notCommon: boolean;
  /** Not built on the username, the email's name or the school's code. */
  notPersonal: boolean;
}

let common: Set<string> | undefined;
const keyboardRows = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
];

/** Whether every character is the same, or the text walks along a keyboard row or the alphabet. */
function isTrivialSequence(text: string): boolean {
  if (new Set(text).size <= 2) return true;
  return keyboardRows.some((row) => {
    const doubled = row + row;
    const reversed = [...doubled].reverse().join('');
    return doubled.includes(text) || reversed.includes(text);
  });
}

/**
 * The password policy, rule by rule: long enough; not one of the most common passwords (also
 * with digits or symbols added at either end), nor a plain sequence; not the user's username,
 * email name or the school's code with a few characters added. The server refuses a password
 * that fails any of them; the app shows them as the user types.
 */
export function passwordChecks(password: string, context: PasswordContext = {}): PasswordChecks {
  common ??= new Set(commonPasswords);
  const lower = password.toLowerCase();
  const core = lower.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '');
  const compact = lower.replace(/[\s\W_]+/gu, '');
  const notCommon =
    password.length > 0 &&
    !common.has(lower) &&
    !common.has(core) &&
    !common.has(compact) &&
    !isTrivialSequence(compact) &&
    !(core.length >= 3 && isTrivialSequence(core));
  // Compared as the password is: without spaces, dots and symbols (`sok.dara` is `sokdara`).
  const personal = [context.username, context.schoolCode, context.email?.split('@')[0]]
    .map((value) => value?.toLowerCase().replace(/[\s\W_]+/gu, ''))
    .filter((value): value is string => !!value && value.length >= 3);
  // Built on the user's own name: the name plus a few characters.
  const notPersonal =
    password.length > 0 &&
    !personal.some((value) => compact.includes(value) && compact.length - value.length < 6);
  return { longEnough: [...password].length >= PASSWORD_MIN_LENGTH, notCommon, notPersonal };
}

/**
 * Why a new password is refused, or undefined when it is acceptable: the first rule of
 * `passwordChecks` it fails.
 */
export function passwordProblem(
  password: string,
  context: PasswordContext = {},
): Extract<ErrorCode, `PASSWORD_${string}`> | undefined {
  const checks = passwordChecks(password, context);
  if (!checks.longEnough) return 'PASSWORD_TOO_SHORT';
  if (!checks.notCommon) return 'PASSWORD_TOO_COMMON';
  if (!checks.notPersonal) return 'PASSWORD_TOO_PERSONAL';
  return undefined;
}
