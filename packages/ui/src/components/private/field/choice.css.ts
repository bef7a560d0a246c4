import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css.js';

/** A checkbox or radio row: the box, then the label; the whole row is the 44 px target. */
export const choice = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: 44,
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
  },
  'choice',
);

const box = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 20,
  height: 20,
  borderWidth: 2,
  borderStyle: 'solid',
  borderColor: vars.color.borderStrong,
  backgroundColor: vars.color.surface,
  color: vars.color.onPrimary,
} as const;

export const checkbox = style(
  {
    ...box,
    borderRadius: vars.radius.small,
    selectors: {
      [`${choice}[data-selected] &, ${choice}[data-indeterminate] &`]: {
        backgroundColor: vars.color.primary,
        borderColor: vars.color.primary,
      },
      [`${choice}[data-focus-visible] &`]: {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 2,
      },
      [`${choice}[data-invalid] &`]: { borderColor: vars.color.danger },
      [`${choice}[data-hovered]:not([data-selected]) &`]: { borderColor: vars.color.text },
    },
  },
  'checkbox',
);

export const radio = style(
  {
    ...box,
    borderRadius: vars.radius.full,
    selectors: {
      [`${choice}[data-selected] &`]: {
        borderColor: vars.color.primary,
        borderWidth: 6,
      },
      [`${choice}[data-focus-visible] &`]: {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 2,
      },
      [`${choice}[data-invalid] &`]: { borderColor: vars.color.danger },
      [`${choice}[data-hovered]:not([data-selected]) &`]: { borderColor: vars.color.text },
    },
  },
  'radio',
);

/** A list of checkboxes or radios. */
export const group = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
  },
  'group',
);

export const options = style(
  {
    display: 'flex',
    flexDirection: 'column',
    selectors: {
      [`${group}[data-orientation="horizontal"] &`]: {
        flexDirection: 'row',
        flexWrap: 'wrap',
        columnGap: vars.space.large,
      },
    },
  },
  'options',
);

export const optionDescription = style(
  {
    display: 'block',
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
  },
  'optionDescription',
);
