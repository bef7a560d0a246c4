/**
 * The one <style> element a library of the app injects at run time: react-aria's usePress adds
 * this rule once per page (touch-action for pressable elements). The Content Security Policy
 * allows it by its hash (security.ts), and the story tests accept it as the only inline
 * stylesheet a component may add (test/setup-stories.ts); security.test.ts checks the text
 * against the installed react-aria, so an upgrade that changes it fails the tests instead of
 * silently losing the rule. No import here: the story tests load this file in the browser.
 */
export const REACT_ARIA_PRESSABLE_CSS =
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}';
