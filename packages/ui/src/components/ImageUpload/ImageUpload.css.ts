import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const wrapper = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.small,
    maxWidth: 480,
  },
  'wrapper',
);

export const dropZone = style(
  {
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
  },
  'dropZone',
);

export const cropArea = style(
  {
    position: 'relative',
    width: '100%',
    height: 280,
    overflow: 'hidden',
    borderRadius: vars.radius.medium,
    backgroundColor: '#111827',
  },
  'cropArea',
);

/*
 * react-easy-crop's own stylesheet (react-easy-crop.css), here instead of the <style> element
 * the library would inject at run time, which the app's Content Security Policy refuses: without
 * these rules the picture is laid out at its natural size and the preview shows another part of
 * it than the one that is saved. The library still places the picture and the crop frame with
 * `style` properties set from script, which the policy allows. ImageUpload.test.tsx checks that
 * every selector of the installed library's stylesheet has its rule here.
 */
const cropper = (selector: string) => `${cropArea} .reactEasyCrop_${selector}`;

globalStyle(cropper('Container'), {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  bottom: 0,
  overflow: 'hidden',
  userSelect: 'none',
  touchAction: 'none',
  cursor: 'move',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
});

globalStyle(`${cropper('Image')}, ${cropper('Video')}`, {
  // Its own layer, so a moved picture is not repainted (and iOS paints it right).
  willChange: 'transform',
  // A host's `img { max-width: 100% }` must not shrink the picture under the frame.
  maxWidth: 'unset',
});

globalStyle(cropper('Contain'), {
  maxWidth: '100%',
  maxHeight: '100%',
  margin: 'auto',
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  right: 0,
});

globalStyle(cropper('Cover_Horizontal'), { width: '100%', height: 'auto' });
globalStyle(cropper('Cover_Vertical'), { width: 'auto', height: '100%' });

globalStyle(cropper('CropArea'), {
  position: 'absolute',
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  border: '1px solid rgba(255, 255, 255, 0.5)',
  boxSizing: 'border-box',
  // The shade over the rest of the picture.
  boxShadow: '0 0 0 9999em',
  color: 'rgba(0, 0, 0, 0.5)',
  overflow: 'hidden',
});

globalStyle(cropper('CropAreaRound'), { borderRadius: '50%' });

const gridLine = {
  content: "' '",
  boxSizing: 'border-box',
  position: 'absolute',
  border: '1px solid rgba(255, 255, 255, 0.5)',
} as const;

globalStyle(`${cropper('CropAreaGrid')}::before`, {
  ...gridLine,
  top: 0,
  bottom: 0,
  left: '33.33%',
  right: '33.33%',
  borderTop: 0,
  borderBottom: 0,
});

globalStyle(`${cropper('CropAreaGrid')}::after`, {
  ...gridLine,
  top: '33.33%',
  bottom: '33.33%',
  left: 0,
  right: 0,
  borderLeft: 0,
  borderRight: 0,
});

export const controls = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: vars.space.small,
  },
  'controls',
);

export const slider = style(
  {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: vars.space.xxsmall,
    flex: '1 1 180px',
  },
  'slider',
);

export const sliderTrack = style(
  {
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
  },
  'sliderTrack',
);

export const sliderThumb = style(
  {
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
  },
  'sliderThumb',
);

export const preview = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    flexWrap: 'wrap',
  },
  'preview',
);

export const previewImage = style(
  {
    width: 96,
    height: 96,
    objectFit: 'cover',
    borderRadius: vars.radius.medium,
    border: `1px solid ${vars.color.border}`,
  },
  'previewImage',
);

export const actions = style(
  { display: 'flex', flexWrap: 'wrap', gap: vars.space.small },
  'actions',
);

export const error = style(
  { margin: 0, color: vars.color.danger, fontSize: vars.fontSize.small },
  'error',
);

export const label = style(
  {
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.text,
  },
  'label',
);
