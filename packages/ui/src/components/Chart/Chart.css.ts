import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const figure = style(
  {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.small,
    minWidth: 0,
  },
  'figure',
);

export const caption = style(
  { fontWeight: vars.fontWeight.bold, color: vars.color.text },
  'caption',
);

export const plot = style({ width: '100%', minWidth: 0 }, 'plot');

export const svg = style({ display: 'block', overflow: 'visible' }, 'svg');

export const legend = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    gap: vars.space.small,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    fontSize: vars.fontSize.small,
    color: vars.color.text,
  },
  'legend',
);

export const swatch = style(
  {
    display: 'inline-block',
    width: 12,
    height: 12,
    marginInlineEnd: vars.space.xxsmall,
    borderRadius: vars.radius.small,
    verticalAlign: 'middle',
  },
  'swatch',
);

export const toggle = style(
  {
    alignSelf: 'flex-start',
    minHeight: 44,
    padding: 0,
    border: 'none',
    background: 'none',
    color: vars.color.primary,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.small,
    textDecoration: 'underline',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': {
        boxShadow: `0 0 0 2px ${vars.color.focusRing}`,
        borderRadius: vars.radius.small,
      },
    },
  },
  'toggle',
);

export const table = style(
  {
    borderCollapse: 'collapse',
    fontSize: vars.fontSize.small,
    color: vars.color.text,
  },
  'table',
);

export const tableCell = style(
  {
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.small,
    borderBlockEnd: `1px solid ${vars.color.border}`,
    textAlign: 'start',
    selectors: { '&[data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } },
  },
  'tableCell',
);

export const hiddenTable = style(
  {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  'hiddenTable',
);
