import { cssEscape } from '../../lib/cssEscape.js';

const focusable =
  'input:not([type="hidden"]):not([aria-hidden="true"]), select:not([aria-hidden="true"]), textarea, button, [tabindex]:not([tabindex="-1"])';

/** Whether a person can reach the control: not in a part hidden from them (a hidden select's). */
function isShown(element: HTMLElement): boolean {
  return !element.closest('[aria-hidden="true"], [hidden], [inert]');
}

/**
 * The control a form field's name (or id) stands for, within `scope`: the named input itself,
 * or — for a field whose named input is hidden (a select's or a date picker's value) — the
 * first control a person can reach in the field around it.
 */
export function findField(scope: ParentNode, name: string): HTMLElement | null {
  const byId = scope instanceof Document ? scope.getElementById(name) : null;
  const named =
    byId ??
    scope.querySelector<HTMLElement>(`[name="${cssEscape(name)}"]`) ??
    scope.querySelector<HTMLElement>(`#${cssEscape(name)}`);
  if (!named) return null;
  if (named.matches(focusable) && isShown(named)) return named;
  for (
    let around = named.parentElement;
    around && around !== scope;
    around = around.parentElement
  ) {
    const control = [...around.querySelectorAll<HTMLElement>(focusable)].find(isShown);
    if (control) return control;
  }
  return null;
}

/** Brings a field into view with its label above it and puts the cursor in it. */
export function focusField(scope: ParentNode, name: string): boolean {
  const field = findField(scope, name);
  if (!field) return false;
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}
