import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from './contract.css.js';
import { DARK_MODE_CLASS } from './themes.css.js';

/** Breakpoints, phone first: most teachers use Sala on a phone. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

const responsiveProperties = defineProperties({
  conditions: {
    mobile: {},
    tablet: { '@media': `screen and (min-width: ${breakpoints.tablet}px)` },
    desktop: { '@media': `screen and (min-width: ${breakpoints.desktop}px)` },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'flex', 'inline-flex', 'grid', 'inline-block'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingBlockStart: vars.space,
    paddingBlockEnd: vars.space,
    paddingInlineStart: vars.space,
    paddingInlineEnd: vars.space,
    textAlign: ['start', 'center', 'end'],
  },
  shorthands: {
    padding: ['paddingBlockStart', 'paddingBlockEnd', 'paddingInlineStart', 'paddingInlineEnd'],
    paddingBlock: ['paddingBlockStart', 'paddingBlockEnd'],
    paddingInline: ['paddingInlineStart', 'paddingInlineEnd'],
  },
});

// Colours follow the theme by themselves (vars switch with the class on <html>); the light and
// dark conditions are for the rare place that wants a different token in each mode.
const colorProperties = defineProperties({
  conditions: {
    lightMode: {},
    darkMode: { selector: `.${DARK_MODE_CLASS} &` },
  },
  defaultCondition: 'lightMode',
  properties: {
    color: vars.color,
    background: vars.color,
  },
});

const staticProperties = defineProperties({
  properties: {
    borderRadius: vars.radius,
    boxShadow: vars.shadow,
    fontWeight: vars.fontWeight,
    minWidth: ['0'],
    flexGrow: ['0', '1'],
    flexShrink: ['0', '1'],
  },
});

/** Atomic, typed styles with responsive (mobile/tablet/desktop) and light/dark conditions. */
export const sprinkles = createSprinkles(responsiveProperties, colorProperties, staticProperties);
export type Sprinkles = Parameters<typeof sprinkles>[0];

/** A space token name, used by layout props (Stack gap, Card padding…). */
export type Space = keyof typeof vars.space;
/** A value that may change per breakpoint: `'small'` or `{ mobile: 'small', desktop: 'large' }`. */
export type Responsive<T> = T | Partial<Record<'mobile' | 'tablet' | 'desktop', T>>;
