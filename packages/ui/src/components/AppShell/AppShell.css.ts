import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const desktop = 'screen and (min-width: 1024px)';
export const HEADER_HEIGHT = 60;

export const shell = style(
  {
    minHeight: '100dvh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: vars.color.background,
    color: vars.color.text,
  },
  'shell',
);

export const skipLink = style(
  {
    position: 'absolute',
    insetInlineStart: vars.space.small,
    top: -100,
    zIndex: vars.zIndex.toast,
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.primary,
    color: vars.color.onPrimary,
    selectors: { '&:focus': { top: vars.space.small } },
  },
  'skipLink',
);

export const header = style(
  {
    position: 'sticky',
    top: 0,
    zIndex: vars.zIndex.sticky,
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    minHeight: HEADER_HEIGHT,
    paddingInline: vars.space.small,
    backgroundColor: vars.color.surface,
    borderBlockEnd: `1px solid ${vars.color.border}`,
    '@media': { [desktop]: { paddingInline: vars.space.large } },
  },
  'header',
);

export const mobileOnly = style({ '@media': { [desktop]: { display: 'none' } } }, 'mobileOnly');

export const brand = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.small,
    minWidth: 0,
    flex: 1,
    fontWeight: vars.fontWeight.bold,
    fontSize: vars.fontSize.large,
    color: vars.color.text,
  },
  'brand',
);

export const title = style(
  {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    paddingBlock: '0.15em',
  },
  'title',
);

export const actions = style(
  { display: 'flex', alignItems: 'center', gap: vars.space.xxsmall },
  'actions',
);

export const body = style({ flex: 1, display: 'flex', minHeight: 0 }, 'body');

export const sidebar = style(
  {
    display: 'none',
    flexDirection: 'column',
    position: 'sticky',
    top: HEADER_HEIGHT,
    alignSelf: 'flex-start',
    height: `calc(100dvh - ${HEADER_HEIGHT}px)`,
    width: 256,
    flexShrink: 0,
    overflowY: 'auto',
    paddingBlock: vars.space.medium,
    paddingInline: vars.space.small,
    backgroundColor: vars.color.surface,
    borderInlineEnd: `1px solid ${vars.color.border}`,
    '@media': { [desktop]: { display: 'flex' } },
    selectors: { '&[data-collapsed]': { width: 72 } },
  },
  'sidebar',
);

export const collapse = style({ marginBlockStart: 'auto', alignSelf: 'flex-end' }, 'collapse');

export const content = style(
  {
    flex: 1,
    minWidth: 0,
    paddingBlock: vars.space.large,
    paddingInline: vars.space.large,
    outline: 'none',
    '@media': { [desktop]: { paddingInline: vars.space.xxlarge } },
  },
  'content',
);
