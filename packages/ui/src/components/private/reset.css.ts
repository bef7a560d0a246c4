import { style } from '@vanilla-extract/css';

/** Strips a list's default margin, padding and bullets (layouts that render as lists). */
export const listReset = style({ margin: 0, padding: 0, listStyle: 'none' }, 'listReset');
