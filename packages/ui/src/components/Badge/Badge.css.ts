import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const badge = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.small,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xsmall,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.body,
    whiteSpace: 'nowrap',
    selectors: { '&:lang(km)': { lineHeight: vars.lineHeight.khmer } },
  },
  'badge',
);

export const tone = styleVariants(
  {
    neutral: { backgroundColor: vars.color.surfaceSunken, color: vars.color.text },
    primary: { backgroundColor: vars.color.primarySubtle, color: vars.color.onPrimarySubtle },
    success: { backgroundColor: vars.color.successSubtle, color: vars.color.onSuccessSubtle },
    warning: { backgroundColor: vars.color.warningSubtle, color: vars.color.onWarningSubtle },
    danger: { backgroundColor: vars.color.dangerSubtle, color: vars.color.onDangerSubtle },
    info: { backgroundColor: vars.color.infoSubtle, color: vars.color.onInfoSubtle },
  },
  'tone',
);
