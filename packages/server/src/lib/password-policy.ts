import { passwordProblem, type PasswordContext } from '@sala/contract';
import { HttpError } from './http-errors.js';

// The policy itself is the contract's (`passwordChecks`), so the app explains the same rules
// as the user types.
export { passwordProblem };

/** Refuses a weak new password with a 400 naming the field. */
export function assertPasswordAcceptable(
  password: string,
  field: string,
  context: PasswordContext = {},
): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new HttpError(400, problem, { [field]: [problem] });
}
