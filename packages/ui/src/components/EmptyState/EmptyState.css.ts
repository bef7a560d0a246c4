import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { stateActions, stateIcon, statePanel, stateTitle } from '../private/statePanel.js';

export const emptyState = style(statePanel, 'emptyState');

export const icon = style({ ...stateIcon, color: vars.color.textMuted }, 'icon');

export const title = style(stateTitle, 'title');

export const description = style(
  { margin: 0, maxWidth: '48ch', color: vars.color.textMuted },
  'description',
);

export const actions = style(stateActions, 'actions');
