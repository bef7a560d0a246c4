import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The language and colour-mode corner's height (its controls are 44 px touch targets). */
const cornerHeight = '48px';

/**
 * A card in the middle of the screen (sign-in, sign-up, a new password), below the corner
 * controls: a card taller than a phone's screen starts at its top, where it would meet them.
 */
export const centered = style({
  minHeight: '100dvh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.large,
  paddingBlockStart: `calc(${vars.space.medium} + ${cornerHeight} + ${vars.space.small})`,
});

/** The width of a form card (sign-in, sign-up): comfortable on a phone, not too wide on a desk. */
export const narrow = style({ width: '100%', maxWidth: 420 });

export const page = style({
  maxWidth: 960,
  marginInline: 'auto',
  padding: vars.space.large,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  flexWrap: 'wrap',
});

/** The language and colour-mode controls above the sign-in card. */
export const corner = style({
  position: 'absolute',
  insetBlockStart: vars.space.medium,
  insetInlineEnd: vars.space.medium,
});

/** A form-level error (e.g. the sign-in refused), read out by screen readers as an alert. */
export const alert = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.onDangerSubtle,
  border: `1px solid ${vars.color.danger}`,
});
