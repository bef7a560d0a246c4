import type { z } from 'zod';
import { errorMessage, errorMessages, type ErrorCode, type MessageParams } from './errors.js';

/**
 * Why a field was refused, as one string: an error code, followed by the values its message
 * needs as a query string when it needs some — `REQUIRED`, `TOO_LONG?max=200`,
 * `TERM_ORDER?number=2&previous=1`. Every message of the contract's schemas is one of these, so
 * the server's answer (`fieldErrors: { name: ['TOO_LONG?max=200'] }`) and the app's own check of
 * the same schema say the same thing, and a client that knows only the code reads it before `?`.
 */
export type MessageKey = string;

export interface FieldMessage {
  code: ErrorCode;
  params: MessageParams;
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorMessages, code);

/** The message key of a code and its parameters (numbers stay numbers when read back). */
export function messageKey(code: ErrorCode, params: MessageParams = {}): MessageKey {
  const entries = Object.entries(params);
  if (entries.length === 0) return code;
  return `${code}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/**
 * The code and parameters of a message key. A key whose code the contract does not know (an
 * older server's free text, a permission name) reads as INVALID_VALUE.
 */
export function parseMessageKey(key: MessageKey): FieldMessage {
  const mark = key.indexOf('?');
  const code = mark < 0 ? key : key.slice(0, mark);
  if (!isErrorCode(code)) return { code: 'INVALID_VALUE', params: {} };
  const params: Record<string, string | number> = {};
  if (mark >= 0) {
    for (const [name, value] of new URLSearchParams(key.slice(mark + 1))) {
      params[name] = value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    }
  }
  return { code, params };
}

/** Whether a string is a message key of the contract (a known code, maybe with parameters). */
export function isMessageKey(key: string): boolean {
  const mark = key.indexOf('?');
  return isErrorCode(mark < 0 ? key : key.slice(0, mark));
}

/** A message key's text in a language, its numbers written by `formatNumber`. */
export function messageText(
  key: MessageKey,
  lang: string,
  formatNumber?: (value: number) => string,
): string {
  const { code, params } = parseMessageKey(key);
  return errorMessage(code, lang, params, formatNumber);
}

/** The decimals a step such as 0.01 allows. */
function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

type Issue = z.core.$ZodRawIssue;

/**
 * The message key of a zod issue that carries no message of its own: the contract's code for
 * each kind of refusal, with the limit it broke. Installed as zod's error map on the server
 * (`z.config`) and passed to each form's resolver, so both say the same thing.
 */
export function issueMessageKey(issue: Issue): MessageKey {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'REQUIRED' : messageKey('TOO_SHORT', { min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return messageKey('TOO_FEW_ITEMS', { min });
      }
      return issue.inclusive === false
        ? messageKey('NUMBER_NOT_ABOVE', { min })
        : messageKey('NUMBER_TOO_SMALL', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return messageKey('TOO_LONG', { max });
      if (issue.origin === 'array' || issue.origin === 'set') {
        return messageKey('TOO_MANY_ITEMS', { max });
      }
      return messageKey('NUMBER_TOO_LARGE', { max });
    }
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return issue.expected === 'string' || issue.expected === 'number'
          ? 'REQUIRED'
          : 'CHOICE_REQUIRED';
      }
      if (issue.expected === 'int') return 'NOT_WHOLE_NUMBER';
      if (issue.expected === 'number') return 'NOT_A_NUMBER';
      return 'INVALID_VALUE';
    }
    case 'not_multiple_of': {
      const step = Number(issue.divisor);
      if (step === 1) return 'NOT_WHOLE_NUMBER';
      if (step < 1) return messageKey('TOO_MANY_DECIMALS', { max: decimalsOf(step) });
      return 'INVALID_VALUE';
    }
    case 'invalid_format': {
      if (issue.input === '') {
        return issue.format === 'uuid' || issue.format === 'guid' ? 'CHOICE_REQUIRED' : 'REQUIRED';
      }
      if (issue.format === 'email') return 'INVALID_EMAIL';
      if (issue.format === 'date') return 'INVALID_DATE';
      if (issue.format === 'time') return 'INVALID_TIME';
      return 'INVALID_VALUE';
    }
    case 'invalid_value':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? 'CHOICE_REQUIRED'
        : 'INVALID_CHOICE';
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    default:
      return 'INVALID_VALUE';
  }
}

/** zod's error map of the contract: `z.config({ customError: contractErrorMap })`. */
export const contractErrorMap = (issue: Issue): string => issueMessageKey(issue);
