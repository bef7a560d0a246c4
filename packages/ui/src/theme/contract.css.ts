import { createGlobalThemeContract } from '@vanilla-extract/css';

/**
 * The design tokens every component styles itself with. Values come from a theme.
 *
 * Each token is a custom property named after its place here, in kebab case under `--sala-`:
 * `vars.color.primaryHover` is `var(--sala-color-primary-hover)`, `vars.space.medium` is
 * `var(--sala-space-medium)`, `vars.fontSize.small` is `var(--sala-font-size-small)`. The names
 * are the theming API: a host re-themes by setting them in plain CSS or with `createSalaTheme`,
 * and they stay the same between versions (a renamed token is a breaking change).
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      primary: null,
      primaryHover: null,
      primaryPressed: null,
      onPrimary: null,
      primarySubtle: null,
      onPrimarySubtle: null,
      background: null,
      surface: null,
      surfaceRaised: null,
      surfaceSunken: null,
      surfaceHover: null,
      border: null,
      borderStrong: null,
      text: null,
      textMuted: null,
      textInverse: null,
      focusRing: null,
      danger: null,
      dangerHover: null,
      onDanger: null,
      dangerSubtle: null,
      onDangerSubtle: null,
      success: null,
      successSubtle: null,
      onSuccessSubtle: null,
      warning: null,
      warningSubtle: null,
      onWarningSubtle: null,
      info: null,
      infoSubtle: null,
      onInfoSubtle: null,
      agridev: null,
      agridevBackground: null,
      overlay: null,
    },
    space: {
      none: null,
      xxsmall: null,
      xsmall: null,
      small: null,
      medium: null,
      large: null,
      xlarge: null,
      xxlarge: null,
      xxxlarge: null,
    },
    radius: {
      small: null,
      medium: null,
      large: null,
      full: null,
    },
    font: {
      body: null,
      mono: null,
    },
    fontSize: {
      xsmall: null,
      small: null,
      medium: null,
      large: null,
      xlarge: null,
      xxlarge: null,
    },
    fontWeight: {
      regular: null,
      medium: null,
      bold: null,
    },
    lineHeight: {
      tight: null,
      body: null,
      /** Khmer stacks consonants below the baseline: it needs more room than Latin text. */
      khmer: null,
    },
    shadow: {
      small: null,
      medium: null,
      large: null,
    },
    zIndex: {
      sticky: null,
      dropdown: null,
      drawer: null,
      modal: null,
      popover: null,
      toast: null,
      tooltip: null,
      loader: null,
    },
    /**
     * How long things take to move. Each is 0 when the user asks the system for reduced motion:
     * what animates through them then simply appears.
     */
    duration: {
      /** A hover or a press: colours and borders. */
      instant: null,
      /** A small element appearing: a tooltip, a switch's thumb. */
      fast: null,
      /** A panel entering: a drawer, a toast, a dialog. */
      moderate: null,
      /** A long fade: the loading bar leaving. */
      slow: null,
    },
    /** How a movement starts and stops. */
    easing: {
      /** Something arriving: fast, then settling. */
      enter: null,
      /** Something leaving: slow, then gone. */
      exit: null,
      /** A change in place. */
      standard: null,
    },
  },
  tokenName,
);

/** `['color', 'primaryHover']` → `sala-color-primary-hover`. */
function tokenName(_value: string | null, path: string[]) {
  return ['sala', ...path]
    .map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
    .join('-');
}
