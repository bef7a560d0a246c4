import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordChecks, passwordProblem } from './passwordPolicy.js';

const context = { username: 'sok.dara', schoolCode: 'demo', email: 'dara.sok@example.com' };

describe('password policy', () => {
  it('answers each rule as the user types', () => {
    expect(passwordChecks('', context)).toEqual({
      longEnough: false,
      notCommon: false,
      notPersonal: false,
    });
    expect(passwordChecks('river', context)).toEqual({
      longEnough: false,
      notCommon: true,
      notPersonal: true,
    });
    expect(passwordChecks('Password2025!', context)).toMatchObject({
      longEnough: true,
      notCommon: false,
    });
    expect(passwordChecks('rice fields of Kampot', context)).toEqual({
      longEnough: true,
      notCommon: true,
      notPersonal: true,
    });
  });

  it('refuses a password built on the username, the email name or the school code', () => {
    for (const password of ['sok.dara-2026!', 'SokDara12345', 'dara.sok!!2026', 'Demo2026!!']) {
      expect(passwordProblem(password, context), password).not.toBe(undefined);
    }
    expect(passwordProblem('sok.dara-2026!', context)).toBe('PASSWORD_TOO_PERSONAL');
    // The name inside a long passphrase is the user's own business.
    expect(passwordProblem('sok dara walks to the river at dawn', context)).toBe(undefined);
  });

  it('names the first rule a password fails', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('qwertyuiop')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('1234567890')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('k7mp-x4ra-9tbe', context)).toBe(undefined);
  });
});
