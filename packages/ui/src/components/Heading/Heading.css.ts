import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const heading = style(
  {
    margin: 0,
    color: vars.color.text,
    fontWeight: vars.fontWeight.bold,
    overflowWrap: 'anywhere',
  },
  'heading',
);
