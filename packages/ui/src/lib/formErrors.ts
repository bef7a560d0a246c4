/**
 * Field errors from a validation result, typed by shape rather than by library so the ui package
 * does not depend on zod at run time. Accepts what zod produces:
 * - a `safeParse` result (`{ success: false, error }`),
 * - a ZodError (anything with `issues: { path, message }[]`),
 * - the output of `z.flattenError()` / `error.flatten()` (`{ formErrors, fieldErrors }`).
 */
export interface ValidationIssueLike {
  path: readonly PropertyKey[];
  message: string;
}
export interface ValidationErrorLike {
  issues: readonly ValidationIssueLike[];
}
export interface FlattenedErrorsLike {
  formErrors: readonly string[];
  fieldErrors: Readonly<Record<string, readonly string[] | undefined>>;
}
export type SafeParseResultLike =
  { success: true } | { success: false; error: ValidationErrorLike };

export type ValidationResultLike =
  SafeParseResultLike | ValidationErrorLike | FlattenedErrorsLike | null | undefined;

/** Errors by field name (a nested path joined with dots: `guardian.phone`), and for the form. */
export interface FormErrors {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

function fromIssues(issues: readonly ValidationIssueLike[]): FormErrors {
  const out: FormErrors = { fieldErrors: {}, formErrors: [] };
  for (const issue of issues) {
    if (issue.path.length === 0) {
      out.formErrors.push(issue.message);
      continue;
    }
    const name = issue.path.map(String).join('.');
    (out.fieldErrors[name] ??= []).push(issue.message);
  }
  return out;
}

/** Reads any of the accepted shapes into errors by field; no errors for a success or nothing. */
export function toFormErrors(result: ValidationResultLike): FormErrors {
  if (!result) return { fieldErrors: {}, formErrors: [] };
  if ('success' in result)
    return result.success ? toFormErrors(null) : fromIssues(result.error.issues);
  if ('issues' in result) return fromIssues(result.issues);
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.fieldErrors)) {
    if (messages?.length) fieldErrors[name] = [...messages];
  }
  return { fieldErrors, formErrors: [...result.formErrors] };
}
