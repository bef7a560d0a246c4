import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const icon = style(
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 44,
    height: 44,
    borderRadius: vars.radius.full,
    // The type's colours, by the icon's data-type.
    selectors: {
      '&[data-type="info"]': { backgroundColor: vars.color.infoSubtle, color: vars.color.info },
      '&[data-type="success"]': {
        backgroundColor: vars.color.successSubtle,
        color: vars.color.success,
      },
      '&[data-type="warning"]': {
        backgroundColor: vars.color.warningSubtle,
        color: vars.color.warning,
      },
      '&[data-type="error"]': {
        backgroundColor: vars.color.dangerSubtle,
        color: vars.color.danger,
      },
    },
  },
  'icon',
);
