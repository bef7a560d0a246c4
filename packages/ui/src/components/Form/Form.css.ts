import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const form = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.large,
    maxWidth: '100%',
  },
  'form',
);
