import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const grid = style(
  {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: vars.space.medium,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    '@media': {
      'screen and (min-width: 768px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      'screen and (min-width: 1024px)': {
        gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
        gap: vars.space.large,
      },
    },
  },
  'grid',
);

export const tile = style(
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    height: '100%',
    minHeight: 120,
    paddingBlock: vars.space.large,
    paddingInline: vars.space.small,
    textAlign: 'center',
    textDecoration: 'none',
    color: vars.color.text,
    backgroundColor: vars.color.surface,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: vars.color.border,
    borderRadius: vars.radius.large,
    outline: 'none',
    cursor: 'pointer',
    transition: `border-color ${vars.duration.instant}, box-shadow ${vars.duration.instant}`,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.primary, boxShadow: vars.shadow.medium },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    },
  },
  'tile',
);

export const icon = style(
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 56,
    height: 56,
    borderRadius: vars.radius.large,
    backgroundColor: vars.color.agridevBackground,
    color: vars.color.agridev,
  },
  'icon',
);

export const label = style(
  {
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    selectors: { ':lang(km) &, &:lang(km)': { lineHeight: vars.lineHeight.khmer } },
  },
  'label',
);
