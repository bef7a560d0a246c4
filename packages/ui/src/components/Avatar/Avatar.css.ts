import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const avatar = style(
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.primarySubtle,
    color: vars.color.onPrimarySubtle,
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1,
    userSelect: 'none',
  },
  'avatar',
);

export const sizes = styleVariants(
  {
    small: { width: 32, height: 32, fontSize: vars.fontSize.xsmall },
    medium: { width: 44, height: 44, fontSize: vars.fontSize.small },
    large: { width: 72, height: 72, fontSize: vars.fontSize.large },
  },
  'sizes',
);

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' }, 'image');
