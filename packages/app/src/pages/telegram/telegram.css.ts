import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** A short list of chats or sends: one row each, its text then its actions; wraps on a phone. */
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});

/** A row's text: takes the room left and wraps anywhere (long titles, error messages). */
export const rowText = style({ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' });

export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
});

/** Numbered steps (BotFather, linking a group). */
export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'grid',
  gap: vars.space.xsmall,
});

/** A command or address to copy: monospace, selectable, wrapping anywhere. */
export const copyText = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.medium,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  overflowWrap: 'anywhere',
  userSelect: 'all',
  flex: '1 1 200px',
  minWidth: 0,
});

export const copyRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

/** The bot's own trouble (a revoked token): hard to miss. */
export const problem = style({
  color: vars.color.danger,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.danger}`,
  overflowWrap: 'anywhere',
});

/** The figures of the outbox, side by side where there is room. */
export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 150px), 1fr))',
  gap: vars.space.medium,
});

/** Sections two a row on a wide screen, one on a phone. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  gap: vars.space.large,
  alignItems: 'start',
});

/** A field and the button that acts on it, wrapping under each other on a phone. */
export const fieldRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
});

/** The field of a `fieldRow`: takes the room the button leaves. */
export const fieldGrow = style({ flex: '1 1 220px', minWidth: 0 });

/** A chat's language: wide enough for "ខ្មែរ" and "English" beside the arrow. */
export const languageSelect = style({ minWidth: '8.5rem' });
