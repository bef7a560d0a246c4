import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

export const card = recipe(
  {
    base: {
      minWidth: 0,
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      borderRadius: vars.radius.large,
      borderWidth: 1,
      borderStyle: 'solid',
      borderColor: vars.color.border,
    },
    variants: {
      padding: {
        none: { padding: 0 },
        small: { padding: vars.space.medium },
        medium: { padding: vars.space.large },
        large: {
          padding: vars.space.large,
          '@media': { 'screen and (min-width: 768px)': { padding: vars.space.xlarge } },
        },
      },
      elevation: {
        flat: {},
        raised: { boxShadow: vars.shadow.small, backgroundColor: vars.color.surfaceRaised },
      },
      tone: {
        neutral: {},
        primary: { borderInlineStartWidth: 4, borderInlineStartColor: vars.color.primary },
        agridev: {
          backgroundColor: vars.color.agridevBackground,
          borderColor: vars.color.agridev,
        },
      },
    },
    defaultVariants: { padding: 'medium', elevation: 'flat', tone: 'neutral' },
  },
  'card',
);
