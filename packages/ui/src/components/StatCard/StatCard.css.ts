import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const card = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
    minWidth: 0,
    padding: vars.space.large,
    borderRadius: vars.radius.large,
    border: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
  },
  'card',
);

export const header = style(
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.small,
  },
  'header',
);

export const label = style(
  {
    margin: 0,
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.medium,
  },
  'label',
);

export const icon = style({ color: vars.color.primary, display: 'inline-flex' }, 'icon');

export const value = style(
  {
    margin: 0,
    fontSize: vars.fontSize.xxlarge,
    fontWeight: vars.fontWeight.bold,
    fontVariantNumeric: 'tabular-nums',
    lineHeight: vars.lineHeight.tight,
  },
  'value',
);

export const change = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.medium,
  },
  'change',
);

export const tones = styleVariants(
  {
    good: { color: vars.color.success },
    bad: { color: vars.color.danger },
    neutral: { color: vars.color.textMuted },
  },
  'tones',
);

export const description = style(
  {
    margin: 0,
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
  },
  'description',
);
