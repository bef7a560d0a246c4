import { PASSWORD_MIN_LENGTH, type ErrorCode } from '@sala/contract';
import { commonPasswords } from './common-passwords.js';
import { HttpError } from './http-errors.js';

const common = new Set(commonPasswords);
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
 * Why a new password is refused, or undefined when it is acceptable: shorter than the minimum,
 * one of the most common passwords (also with digits or symbols added at the end), a plain
 * sequence, or built on the user's own username or the school's code.
 */
export function passwordProblem(
  password: string,
  context: { username?: string; schoolCode?: string; email?: string | null } = {},
): ErrorCode | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  const lower = password.toLowerCase();
  const core = lower.replace(/[\d\W_]+$/u, '').replace(/^[\d\W_]+/u, '');
  const compact = lower.replace(/[\s\W_]+/gu, '');
  if (common.has(lower) || common.has(core) || common.has(compact)) return 'PASSWORD_TOO_COMMON';
  if (isTrivialSequence(compact) || (core.length >= 3 && isTrivialSequence(core))) {
    return 'PASSWORD_TOO_COMMON';
  }
  const personal = [context.username, context.schoolCode, context.email?.split('@')[0]]
    .map((value) => value?.toLowerCase().trim())
    .filter((value): value is string => !!value && value.length >= 3);
  // Built on the user's own name: the name plus a few characters.
  if (personal.some((value) => compact.includes(value) && compact.length - value.length < 6)) {
    return 'PASSWORD_TOO_COMMON';
  }
  return undefined;
}

/** Refuses a weak new password with a 400 naming the field. */
export function assertPasswordAcceptable(
  password: string,
  field: string,
  context: Parameters<typeof passwordProblem>[1] = {},
): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new HttpError(400, problem, { [field]: [problem] });
}
