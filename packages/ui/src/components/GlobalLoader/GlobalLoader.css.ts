import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const overlay = style(
  {
    position: 'fixed',
    inset: 0,
    zIndex: vars.zIndex.loader,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.large,
    backgroundColor: vars.color.overlay,
    cursor: 'progress',
  },
  'overlay',
);

export const panel = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    paddingBlock: vars.space.large,
    paddingInline: vars.space.xlarge,
    borderRadius: vars.radius.large,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.large,
    outline: 'none',
  },
  'panel',
);
