import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  maxWidth: '100%',
});

export const summary = style({
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.medium,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.onDangerSubtle,
});

export const summaryList = style({ margin: 0, paddingInlineStart: vars.space.large });
