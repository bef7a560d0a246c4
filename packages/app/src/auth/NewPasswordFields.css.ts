import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The rules of the password policy under the new password. */
export const rules = style({ listStyle: 'none', margin: 0, padding: 0 });

export const rule = style({ minWidth: 0 });

/** The mark beside a rule sits on its first line of text (Khmer lines are taller). */
const icon = style({ flex: 'none', marginBlockStart: '0.2em' });
export const metIcon = style([icon, { color: vars.color.success }]);
export const unmetIcon = style([icon, { color: vars.color.textMuted }]);
