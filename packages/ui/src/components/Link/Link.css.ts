import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const base = style(
  {
    color: vars.color.primary,
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    cursor: 'pointer',
    outline: 'none',
    borderRadius: vars.radius.small,
    selectors: {
      '&[data-hovered]': { color: vars.color.primaryHover, textDecorationThickness: 2 },
      '&[data-pressed]': { color: vars.color.primaryPressed },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
      '&[data-disabled]': { color: vars.color.textMuted, cursor: 'not-allowed' },
    },
  },
  'base',
);

export const link = styleVariants(
  {
    inline: [base],
    // A link on its own line: a 44 px tall touch target, no underline until hovered.
    standalone: [
      base,
      {
        display: 'inline-flex',
        alignItems: 'center',
        gap: vars.space.xsmall,
        minHeight: 44,
        fontWeight: vars.fontWeight.medium,
        textDecoration: 'none',
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
    ],
  },
  'link',
);
