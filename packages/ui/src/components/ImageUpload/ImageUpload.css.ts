import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  maxWidth: 480,
});

export const dropZone = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  minHeight: 160,
  padding: vars.space.large,
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface,
  color: vars.color.textMuted,
  textAlign: 'center',
  outline: 'none',
  selectors: {
    '&[data-drop-target]': {
      borderColor: vars.color.primary,
      backgroundColor: vars.color.primarySubtle,
      color: vars.color.onPrimarySubtle,
    },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
});

export const cropArea = style({
  position: 'relative',
  width: '100%',
  height: 280,
  overflow: 'hidden',
  borderRadius: vars.radius.medium,
  backgroundColor: '#111827',
});

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
});

export const slider = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: vars.space.xxsmall,
  flex: '1 1 180px',
});

export const sliderTrack = style({
  gridColumn: '1 / -1',
  position: 'relative',
  height: 44,
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: '50%',
      height: 4,
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      backgroundColor: vars.color.borderStrong,
    },
  },
});

export const sliderThumb = style({
  top: '50%',
  width: 24,
  height: 24,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.primary,
  border: `2px solid ${vars.color.surface}`,
  boxShadow: vars.shadow.small,
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const preview = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  flexWrap: 'wrap',
});

export const previewImage = style({
  width: 96,
  height: 96,
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.small });

export const label = style({
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});
