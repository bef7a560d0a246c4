import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const inputs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  flex: 1,
  minWidth: 0,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  columnGap: vars.space.small,
});

export const input = style({ display: 'flex', alignItems: 'center' });

export const dash = style({ color: vars.color.textMuted });
