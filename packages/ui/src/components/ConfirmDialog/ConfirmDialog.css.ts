import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const icon = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 44,
  height: 44,
  borderRadius: vars.radius.full,
});

export const tone = styleVariants({
  info: { backgroundColor: vars.color.infoSubtle, color: vars.color.info },
  success: { backgroundColor: vars.color.successSubtle, color: vars.color.success },
  warning: { backgroundColor: vars.color.warningSubtle, color: vars.color.warning },
  error: { backgroundColor: vars.color.dangerSubtle, color: vars.color.danger },
});
