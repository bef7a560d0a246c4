import { vars } from '../../theme/contract.css.js';

// The rules a whole-area state (nothing to show, something went wrong) is drawn with: a centred
// column with a round icon, a title and the way out. EmptyState and ErrorState build on them.

export const statePanel = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.small,
  paddingBlock: vars.space.xxlarge,
  paddingInline: vars.space.large,
  textAlign: 'center',
  color: vars.color.text,
} as const;

export const stateIcon = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 56,
  height: 56,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceSunken,
} as const;

export const stateTitle = {
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
} as const;

export const stateActions = {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.small,
  marginBlockStart: vars.space.small,
} as const;
