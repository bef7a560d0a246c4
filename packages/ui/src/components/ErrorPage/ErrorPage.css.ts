import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const page = style(
  {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    paddingBlock: vars.space.xxlarge,
    paddingInline: vars.space.large,
  },
  'page',
);

export const inner = style(
  {
    maxWidth: 520,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space.medium,
    textAlign: 'center',
  },
  'inner',
);

export const status = style(
  {
    margin: 0,
    fontSize: 'clamp(3.5rem, 18vw, 6rem)',
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1.1,
    color: vars.color.primary,
    fontVariantNumeric: 'tabular-nums',
  },
  'status',
);

export const path = style(
  {
    fontFamily: vars.font.mono,
    fontSize: vars.fontSize.small,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.xsmall,
    borderRadius: vars.radius.small,
    backgroundColor: vars.color.surfaceSunken,
    overflowWrap: 'anywhere',
  },
  'path',
);
