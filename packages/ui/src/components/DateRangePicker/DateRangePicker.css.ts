import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { dateInput } from '../private/field/field.css.js';

/** The two dates' segments, as one field's (with a gap around the dash). */
export const inputs = style([dateInput, { columnGap: vars.space.small }], 'inputs');

export const input = style({ display: 'flex', alignItems: 'center' }, 'input');

export const dash = style({ color: vars.color.textMuted }, 'dash');
