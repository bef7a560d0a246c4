import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { DARK_MODE_CLASS, darkThemeClass, lightThemeClass } from '../../theme/themes.css.js';

const dark = `.${DARK_MODE_CLASS} &, ${darkThemeClass} &`;
const darkSelected = `.${DARK_MODE_CLASS} &[data-selected], ${darkThemeClass} &[data-selected]`;

// Each day button sets these from the day's colours (calendar.ts `dayColors`).
const dayTint = 'var(--sala-day-tint)';
const dayTintDark = 'var(--sala-day-tint-dark)';
const dayPrimary = 'var(--sala-day-primary)';
const dayPrimaryDark = 'var(--sala-day-primary-dark)';

export const group = style(
  { display: 'flex', flexDirection: 'column', gap: vars.space.xsmall },
  'group',
);

export const days = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall }, 'days');

export const day = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 44,
    minHeight: 44,
    paddingInline: vars.space.small,
    borderRadius: vars.radius.medium,
    borderWidth: 2,
    borderStyle: 'solid',
    borderColor: dayPrimary,
    backgroundColor: dayTint,
    color: vars.color.text,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.medium,
    lineHeight: 'inherit',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-selected]': { backgroundColor: dayPrimary, color: '#ffffff' },
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 2,
      },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
      // Dark mode: the dark tint, the light primary for borders and the chosen day.
      [dark]: { backgroundColor: dayTintDark, borderColor: dayPrimaryDark },
      [darkSelected]: { backgroundColor: dayPrimaryDark, color: '#0f172a' },
      // A light panel inside a dark page (side-by-side stories) is light again.
      [`${lightThemeClass} &`]: { backgroundColor: dayTint, borderColor: dayPrimary },
      [`${lightThemeClass} &[data-selected]`]: { backgroundColor: dayPrimary, color: '#ffffff' },
    },
  },
  'day',
);
