import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { stateActions, stateIcon, statePanel, stateTitle } from '../private/statePanel.js';

export const errorState = style(statePanel, 'errorState');

/** In a section of a page: tighter, and starting at the section's edge. */
export const compact = style(
  {
    alignItems: 'flex-start',
    textAlign: 'start',
    paddingBlock: vars.space.medium,
    paddingInline: 0,
  },
  'compact',
);

export const icon = style(
  { ...stateIcon, selectors: { [`${compact} &`]: { display: 'none' } } },
  'icon',
);

export const iconTones = styleVariants(
  {
    danger: { color: vars.color.danger },
    muted: { color: vars.color.textMuted },
  },
  'iconTones',
);

export const title = style(stateTitle, 'title');

export const description = style(
  { margin: 0, maxWidth: '52ch', color: vars.color.textMuted },
  'description',
);

export const detail = style({ margin: 0, maxWidth: '52ch', overflowWrap: 'anywhere' }, 'detail');

export const path = style(
  {
    fontFamily: vars.font.mono,
    fontSize: vars.fontSize.small,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.xsmall,
    borderRadius: vars.radius.small,
    backgroundColor: vars.color.surfaceSunken,
  },
  'path',
);

export const actions = style(
  {
    ...stateActions,
    selectors: { [`${compact} &`]: { justifyContent: 'flex-start', marginBlockStart: 0 } },
  },
  'actions',
);
