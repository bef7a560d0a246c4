import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const base = style({ margin: 0, overflowWrap: 'anywhere' }, 'base');

export const tone = styleVariants(
  {
    normal: { color: vars.color.text },
    muted: { color: vars.color.textMuted },
    danger: { color: vars.color.danger },
    success: { color: vars.color.success },
    warning: { color: vars.color.warning },
    info: { color: vars.color.info },
    inherit: { color: 'inherit' },
  },
  'tone',
);

export const weight = styleVariants(vars.fontWeight, (fontWeight) => ({ fontWeight }), 'weight');

export const align = styleVariants(
  {
    start: { textAlign: 'start' },
    center: { textAlign: 'center' },
    end: { textAlign: 'end' },
  },
  'align',
);

export const truncate = style(
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    // Room for Khmer marks below the line even on one truncated line.
    paddingBlock: '0.1em',
  },
  'truncate',
);
