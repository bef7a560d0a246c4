import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** Never on paper: the page's title, explanation and buttons. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

export const languagePicker = style({ minWidth: 'min(100%, 200px)', flex: '0 1 240px' });

/**
 * The slips as a sheet of paper: one column on a phone, two on a wider screen and on A4, where
 * four rows of two fill a page (each slip keeps to one page).
 */
export const sheet = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 340px), 1fr))',
  gap: vars.space.medium,
  '@media': {
    print: {
      position: 'absolute',
      insetBlockStart: 0,
      insetInlineStart: 0,
      width: '100%',
      gridTemplateColumns: '1fr 1fr',
      gap: 0,
    },
  },
});

// On paper only the slips are printed: the app's frame (header, menu) is left out. Scoped with
// :has, so other pages print whole after this one has been opened.
globalStyle(`body:has(${sheet}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`body:has(${sheet}) ${sheet}, body:has(${sheet}) ${sheet} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(`html:has(${sheet}), body:has(${sheet})`, {
  '@media': { print: { background: '#fff', colorScheme: 'light' } },
});

/**
 * One slip, as paper in either colour mode (black on white), with a dashed edge to cut along.
 * Khmer lines are taller than Latin ones: nothing is clipped, the slip grows.
 */
export const slip = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2mm',
  padding: '4mm 5mm',
  minWidth: 0,
  background: '#fff',
  color: '#111',
  border: '1px dashed #777',
  borderRadius: vars.radius.medium,
  fontSize: '10pt',
  lineHeight: 1.5,
  breakInside: 'avoid',
  '@media': {
    print: { borderRadius: 0, minHeight: '64mm', fontSize: '9pt' },
  },
});

export const slipHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '1mm 3mm',
  borderBlockEnd: '1px solid #999',
  paddingBlockEnd: '1mm',
});

export const school = style({ fontWeight: 700, overflowWrap: 'anywhere' });
export const slipTitle = style({ fontSize: '0.9em', color: '#333' });

export const slipBody = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '3mm',
  alignItems: 'start',
});

/** The person, their username and password: each label over its value. */
export const main = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1mm',
  margin: 0,
  minWidth: 0,
});
globalStyle(`${main} dt`, { color: '#444', fontSize: '0.85em' });
globalStyle(`${main} dd`, { margin: 0, minWidth: 0 });

export const person = style({ fontWeight: 700, overflowWrap: 'anywhere' });
export const code = style({ color: '#444', fontWeight: 400, fontSize: '0.9em' });

/** The username and the password: large, in a typeface where every character is distinct. */
const secret = style({
  fontFamily: vars.font.mono,
  fontWeight: 700,
  fontSize: '1.3em',
  lineHeight: 1.3,
  letterSpacing: '0.02em',
});
/** A long username may wrap; it is typed as one word anyway. */
export const username = style([secret, { overflowWrap: 'anywhere' }]);
/** A password never breaks across lines: a reader would type the break. */
export const password = style([secret, { whiteSpace: 'nowrap' }]);

/** Where to sign in, and the school's code: label and value on one line each. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '2mm',
  margin: 0,
  fontSize: '0.9em',
});
globalStyle(`${facts} dt`, { color: '#444' });
globalStyle(`${facts} dd`, { margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const qr = style({ marginBlockStart: '1mm' });

export const note = style({ margin: 0, fontSize: '0.8em', color: '#333', lineHeight: 1.45 });
