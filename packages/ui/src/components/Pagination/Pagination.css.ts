import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/** The bar is the container its parts ask about: a table in a narrow card is narrow too. */
const barContainer = createContainer('barContainer');
/**
 * Narrower than the longest page list (previous, seven pages or gaps, next: 9 × 44 px and the
 * gaps between them), e.g. a 360 px phone: "‹ Page 3 of 250 ›" instead of the numbers.
 */
const narrow = `${barContainer} (max-width: 439px)`;

export const bar = style(
  {
    containerName: barContainer,
    containerType: 'inline-size',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.medium,
  },
  'bar',
);

export const nav = style({ '@container': { [narrow]: { flexGrow: 1 } } }, 'nav');

export const pages = style(
  {
    display: 'flex',
    flexWrap: 'nowrap',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  'pages',
);

export const pageButton = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 44,
    minHeight: 44,
    paddingInline: vars.space.small,
    border: `1px solid transparent`,
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.medium,
    fontVariantNumeric: 'tabular-nums',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
      '&[aria-current="page"]': {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
        fontWeight: vars.fontWeight.bold,
      },
      '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
    },
  },
  'pageButton',
);

globalStyle(`[dir="rtl"] ${pageButton} svg`, { transform: 'scaleX(-1)' });

export const gap = style(
  {
    display: 'inline-flex',
    justifyContent: 'center',
    minWidth: 32,
    color: vars.color.textMuted,
  },
  'gap',
);

export const meta = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.medium,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.small,
  },
  'meta',
);

export const sizeSelect = style({ minWidth: 96 }, 'sizeSelect');

/** A page number or gap: left out on a narrow bar, where the compact indicator stands. */
export const wideOnly = style({ '@container': { [narrow]: { display: 'none' } } }, 'wideOnly');

/** "Page 3 of 250", between previous and next on a narrow bar. */
export const compact = style(
  {
    display: 'none',
    flexGrow: 1,
    justifyContent: 'center',
    paddingInline: vars.space.small,
    color: vars.color.text,
    fontSize: vars.fontSize.medium,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    '@container': { [narrow]: { display: 'flex' } },
  },
  'compact',
);
