import type { CSSProperties, ReactNode } from 'react';
import {
  breakpoints,
  darkThemeClass,
  lightThemeClass,
  textSize,
  typeScale,
  typeSizes,
  vars,
} from '../../packages/ui/src/index.js';
import { fadeIn, spin } from '../../packages/ui/src/theme/motion.css.js';
import { darkTokens, lightTokens } from '../../packages/ui/src/theme/tokens.js';
import { contrastRatio } from './contrast.js';

/**
 * The CSS custom property behind a token, read from the token itself (`var(--name)`), so that
 * the page follows the theme contract's naming whatever it is.
 */
export function cssName(reference: string): string {
  return /^var\((--[^,)]+)/.exec(reference)?.[1] ?? reference;
}

const cell: CSSProperties = { verticalAlign: 'top', textAlign: 'start' };

function Names({ js, reference }: { js: string; reference: string }) {
  return (
    <>
      <code>{js}</code>
      <br />
      <code>{cssName(reference)}</code>
    </>
  );
}

function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table style={{ width: '100%' }}>
      <caption style={{ textAlign: 'start', fontWeight: 700, paddingBlock: 8 }}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" style={cell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

// ---------------------------------------------------------------------------------------------
// Colour

type ColorToken = keyof typeof lightTokens.color;

/** What a colour is for, and the backgrounds it is drawn on (for its contrast). */
interface ColorUse {
  /** Text needs 4.5:1 (WCAG 1.4.3); a control's edge or a focus ring 3:1 (1.4.11). */
  kind: 'text' | 'ui' | 'decorative' | 'background';
  on: ColorToken[];
}

const colorUses: Record<ColorToken, ColorUse> = {
  primary: { kind: 'text', on: ['surface', 'background'] },
  primaryHover: { kind: 'text', on: ['surface'] },
  primaryPressed: { kind: 'text', on: ['surface'] },
  onPrimary: { kind: 'text', on: ['primary', 'primaryHover', 'primaryPressed'] },
  primarySubtle: { kind: 'background', on: [] },
  onPrimarySubtle: { kind: 'text', on: ['primarySubtle'] },
  background: { kind: 'background', on: [] },
  surface: { kind: 'background', on: [] },
  surfaceRaised: { kind: 'background', on: [] },
  surfaceSunken: { kind: 'background', on: [] },
  surfaceHover: { kind: 'background', on: [] },
  border: { kind: 'decorative', on: ['surface'] },
  borderStrong: { kind: 'ui', on: ['surface', 'background'] },
  text: { kind: 'text', on: ['background', 'surface', 'surfaceSunken', 'surfaceHover'] },
  textMuted: { kind: 'text', on: ['background', 'surface', 'surfaceSunken'] },
  textInverse: { kind: 'text', on: ['text'] },
  focusRing: { kind: 'ui', on: ['background', 'surface'] },
  danger: { kind: 'text', on: ['surface', 'background'] },
  dangerHover: { kind: 'background', on: [] },
  onDanger: { kind: 'text', on: ['danger', 'dangerHover'] },
  dangerSubtle: { kind: 'background', on: [] },
  onDangerSubtle: { kind: 'text', on: ['dangerSubtle'] },
  success: { kind: 'text', on: ['surface'] },
  successSubtle: { kind: 'background', on: [] },
  onSuccessSubtle: { kind: 'text', on: ['successSubtle'] },
  warning: { kind: 'text', on: ['surface'] },
  warningSubtle: { kind: 'background', on: [] },
  onWarningSubtle: { kind: 'text', on: ['warningSubtle'] },
  info: { kind: 'text', on: ['surface'] },
  infoSubtle: { kind: 'background', on: [] },
  onInfoSubtle: { kind: 'text', on: ['infoSubtle'] },
  agridev: { kind: 'text', on: ['agridevBackground', 'surface'] },
  agridevBackground: { kind: 'background', on: [] },
  overlay: { kind: 'background', on: [] },
};

const required: Record<ColorUse['kind'], number | undefined> = {
  text: 4.5,
  ui: 3,
  decorative: undefined,
  background: undefined,
};

function Swatch({ value }: { value: string }) {
  return (
    <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
      <span
        aria-hidden="true"
        style={{
          width: 20,
          height: 20,
          flexShrink: 0,
          borderRadius: 4,
          background: value,
          boxShadow: 'inset 0 0 0 1px rgb(128 128 128 / 0.6)',
        }}
      />
      <code>{value}</code>
    </span>
  );
}

function Ratio({ ratio, minimum }: { ratio: number | undefined; minimum: number | undefined }) {
  if (ratio === undefined) return <>—</>;
  const text = `${ratio.toFixed(2)}:1`;
  if (minimum === undefined) return <>{text}</>;
  const passes = ratio >= minimum;
  return (
    <>
      {text} <strong>{passes ? '✓' : `✗ below ${minimum}:1`}</strong>
    </>
  );
}

function contrastOf(token: ColorToken, on: ColorToken, mode: 'light' | 'dark') {
  const tokens = mode === 'light' ? lightTokens : darkTokens;
  return contrastRatio(tokens.color[token], tokens.color[on]);
}

/** Every colour token, its light and dark values, and its contrast on what it is drawn on. */
export function ColorTokens() {
  const tokens = Object.keys(lightTokens.color) as ColorToken[];
  return (
    <Table
      caption="Colour tokens"
      columns={['Token (JS, CSS)', 'Light', 'Dark', 'Contrast: light · dark']}
    >
      {tokens.map((token) => {
        const use = colorUses[token];
        const minimum = required[use.kind];
        return (
          <tr key={token} data-token={token}>
            <td style={cell}>
              <Names js={`vars.color.${token}`} reference={vars.color[token]} />
            </td>
            <td style={cell}>
              <Swatch value={lightTokens.color[token]} />
            </td>
            <td style={cell}>
              <Swatch value={darkTokens.color[token]} />
            </td>
            <td style={cell}>
              {token === 'overlay' ? (
                <>Translucent, under a dialog: no single ratio</>
              ) : use.on.length === 0 ? (
                <>A background: see the tokens drawn on it</>
              ) : (
                <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                  {use.on.map((on) => (
                    <li key={on} data-on={on}>
                      on <code>{on}</code>:{' '}
                      <Ratio ratio={contrastOf(token, on, 'light')} minimum={minimum} />
                      {' · '}
                      <Ratio ratio={contrastOf(token, on, 'dark')} minimum={minimum} />
                    </li>
                  ))}
                </ul>
              )}
              {use.kind === 'ui' && <div>Needs 3:1 (a control&apos;s edge, a focus ring)</div>}
              {use.kind === 'decorative' && <div>Decorative: no minimum</div>}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

// ---------------------------------------------------------------------------------------------
// Type

type LineHeight = keyof typeof lightTokens.lineHeight;
const lineHeightNames = Object.keys(lightTokens.lineHeight) as LineHeight[];
/** The line-height token a step of the type scale uses. */
const lineHeightOf = (reference: string) =>
  lineHeightNames.find((name) => vars.lineHeight[name] === reference) ?? 'body';

const rootFontSize = 16;
const pixels = (rem: string) => `${Number.parseFloat(rem) * rootFontSize}px`;

const samples = {
  en: 'Report card, Semester 1: 32 students',
  km: 'ព្រឹត្តិបត្រពិន្ទុ ឆមាសទី១៖ សិស្ស ៣២ នាក់',
};

/** The type scale: each step's size and line heights, in English and in Khmer. */
export function TypeScale() {
  return (
    <Table
      caption="Type scale"
      columns={['Step (JS, CSS)', 'Size · line height', 'English · Khmer']}
    >
      {typeSizes.map((size) => {
        const lineHeight = lineHeightOf(typeScale[size].lineHeight);
        return (
          <tr key={size} data-size={size}>
            <td style={cell}>
              <code>{`textSize.${size}`}</code>
              <br />
              <Names js={`vars.fontSize.${size}`} reference={vars.fontSize[size]} />
            </td>
            <td style={cell}>
              {lightTokens.fontSize[size]} ({pixels(lightTokens.fontSize[size])})
              <br />
              Latin <code>{`lineHeight.${lineHeight}`}</code> {lightTokens.lineHeight[lineHeight]}
              <br />
              Khmer <code>lineHeight.khmer</code> {lightTokens.lineHeight.khmer}
            </td>
            <td style={{ ...cell, fontFamily: vars.font.body }}>
              <p className={textSize[size]} lang="en" style={{ margin: 0 }}>
                {samples.en}
              </p>
              <p className={textSize[size]} lang="km" style={{ margin: 0 }}>
                {samples.km}
              </p>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/** Line heights, weights and font families. */
export function TypeTokens() {
  const weights = Object.keys(lightTokens.fontWeight) as (keyof typeof lightTokens.fontWeight)[];
  const fonts = Object.keys(lightTokens.font) as (keyof typeof lightTokens.font)[];
  return (
    <>
      <Table caption="Line heights" columns={['Token (JS, CSS)', 'Value', 'Used for']}>
        {lineHeightNames.map((name) => (
          <tr key={name}>
            <td style={cell}>
              <Names js={`vars.lineHeight.${name}`} reference={vars.lineHeight[name]} />
            </td>
            <td style={cell}>{lightTokens.lineHeight[name]}</td>
            <td style={cell}>
              {name === 'khmer'
                ? 'Every Khmer text (:lang(km)), at every step: stacked consonants and vowels need the room'
                : name === 'tight'
                  ? 'Latin headings and large steps (large and up)'
                  : 'Latin body text (medium and below)'}
            </td>
          </tr>
        ))}
      </Table>
      <Table caption="Font weights" columns={['Token (JS, CSS)', 'Value', 'English · Khmer']}>
        {weights.map((name) => (
          <tr key={name}>
            <td style={cell}>
              <Names js={`vars.fontWeight.${name}`} reference={vars.fontWeight[name]} />
            </td>
            <td style={cell}>{lightTokens.fontWeight[name]}</td>
            <td style={{ ...cell, fontFamily: vars.font.body, fontWeight: vars.fontWeight[name] }}>
              <span lang="en">Attendance</span> · <span lang="km">វត្តមាន</span>
            </td>
          </tr>
        ))}
      </Table>
      <Table caption="Font families" columns={['Token (JS, CSS)', 'Value']}>
        {fonts.map((name) => (
          <tr key={name}>
            <td style={cell}>
              <Names js={`vars.font.${name}`} reference={vars.font[name]} />
            </td>
            <td style={{ ...cell, fontFamily: vars.font[name] }}>{lightTokens.font[name]}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Space, radius, shadow, z-index

/** The spacing steps, each drawn to its length. */
export function SpaceTokens() {
  const steps = Object.keys(lightTokens.space) as (keyof typeof lightTokens.space)[];
  return (
    <Table caption="Space" columns={['Token (JS, CSS)', 'Value', 'Length']}>
      {steps.map((step) => (
        <tr key={step}>
          <td style={cell}>
            <Names js={`vars.space.${step}`} reference={vars.space[step]} />
          </td>
          <td style={cell}>{lightTokens.space[step]}</td>
          <td style={{ ...cell, verticalAlign: 'middle' }}>
            <span
              aria-hidden="true"
              style={{
                display: 'block',
                width: vars.space[step],
                height: 12,
                background: lightTokens.color.primary,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The corner radii, each on a sample box. */
export function RadiusTokens() {
  const radii = Object.keys(lightTokens.radius) as (keyof typeof lightTokens.radius)[];
  return (
    <Table caption="Radius" columns={['Token (JS, CSS)', 'Value', 'Sample']}>
      {radii.map((radius) => (
        <tr key={radius}>
          <td style={cell}>
            <Names js={`vars.radius.${radius}`} reference={vars.radius[radius]} />
          </td>
          <td style={cell}>{lightTokens.radius[radius]}</td>
          <td style={cell}>
            <span
              aria-hidden="true"
              style={{
                display: 'block',
                width: 64,
                height: 40,
                borderRadius: vars.radius[radius],
                border: `2px solid ${lightTokens.color.borderStrong}`,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function ShadowSample({ mode, shadow }: { mode: 'light' | 'dark'; shadow: string }) {
  return (
    <span
      aria-hidden="true"
      className={mode === 'dark' ? darkThemeClass : lightThemeClass}
      style={{ display: 'block', padding: 16, background: vars.color.background }}
    >
      <span
        style={{
          display: 'block',
          width: 80,
          height: 40,
          borderRadius: 8,
          background: vars.color.surfaceRaised,
          boxShadow: shadow,
        }}
      />
    </span>
  );
}

/** The shadows, which differ between the modes. */
export function ShadowTokens() {
  const shadows = Object.keys(lightTokens.shadow) as (keyof typeof lightTokens.shadow)[];
  return (
    <Table caption="Shadow" columns={['Token (JS, CSS)', 'Light', 'Dark']}>
      {shadows.map((shadow) => (
        <tr key={shadow}>
          <td style={cell}>
            <Names js={`vars.shadow.${shadow}`} reference={vars.shadow[shadow]} />
          </td>
          <td style={cell}>
            <code>{lightTokens.shadow[shadow]}</code>
            <ShadowSample mode="light" shadow={lightTokens.shadow[shadow]} />
          </td>
          <td style={cell}>
            <code>{darkTokens.shadow[shadow]}</code>
            <ShadowSample mode="dark" shadow={darkTokens.shadow[shadow]} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

const layerUses: Record<keyof typeof lightTokens.zIndex, string> = {
  sticky: 'Sticky table headers and the app header',
  dropdown: 'Select, ComboBox and Menu lists',
  drawer: 'Drawer',
  modal: 'Dialog and ConfirmDialog',
  popover: 'Popovers opened from inside a dialog (date pickers)',
  toast: 'Toasts, above any dialog',
  tooltip: 'Tooltips, above everything a user points at',
  loader: 'GlobalLoader, above everything',
};

/** The stacking order of layers, lowest first. */
export function ZIndexTokens() {
  const layers = Object.keys(lightTokens.zIndex) as (keyof typeof lightTokens.zIndex)[];
  return (
    <Table caption="Z-index, lowest first" columns={['Token (JS, CSS)', 'Value', 'Used for']}>
      {layers.map((layer) => (
        <tr key={layer}>
          <td style={cell}>
            <Names js={`vars.zIndex.${layer}`} reference={vars.zIndex[layer]} />
          </td>
          <td style={cell}>{lightTokens.zIndex[layer]}</td>
          <td style={cell}>{layerUses[layer]}</td>
        </tr>
      ))}
    </Table>
  );
}

// ---------------------------------------------------------------------------------------------
// Motion and breakpoints

const durationUses: Record<keyof typeof lightTokens.duration, string> = {
  instant: 'A hover or a press: Button, AppMenu tiles',
  fast: "A small element appearing or leaving: Tooltip, Switch's thumb, a drawer closing",
  moderate: 'A panel entering: Drawer, Toast, Dialog',
  slow: 'A long fade: LoadingBar leaving',
};
const easingUses: Record<keyof typeof lightTokens.easing, string> = {
  enter: 'Something arriving: fast, then settling',
  exit: 'Something leaving: slow, then gone',
  standard: 'A change in place',
};

/** Durations and easings: every component's movement is made of these. */
export function MotionValueTokens() {
  const durations = Object.keys(lightTokens.duration) as (keyof typeof lightTokens.duration)[];
  const easings = Object.keys(lightTokens.easing) as (keyof typeof lightTokens.easing)[];
  return (
    <Table caption="Durations and easings" columns={['Token (JS, CSS)', 'Value', 'Used for']}>
      {durations.map((name) => (
        <tr key={name}>
          <td style={cell}>
            <Names js={`vars.duration.${name}`} reference={vars.duration[name]} />
          </td>
          <td style={cell}>{lightTokens.duration[name]} (0ms under reduced motion)</td>
          <td style={cell}>{durationUses[name]}</td>
        </tr>
      ))}
      {easings.map((name) => (
        <tr key={name}>
          <td style={cell}>
            <Names js={`vars.easing.${name}`} reference={vars.easing[name]} />
          </td>
          <td style={cell}>{lightTokens.easing[name]}</td>
          <td style={cell}>{easingUses[name]}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The shared animations: one @keyframes each, whose CSS name is the value of the JS export. */
export function MotionTokens() {
  const animations = [
    { js: 'spin', css: spin, use: 'A full turn: Spinner, a pending Button, loading fields' },
    { js: 'fadeIn', css: fadeIn, use: 'Fading in: Tooltip, the modal backdrop' },
  ];
  return (
    <Table caption="Shared animations" columns={['Keyframes (JS, CSS)', 'Used for']}>
      {animations.map((animation) => (
        <tr key={animation.js}>
          <td style={cell}>
            <code>{animation.js}</code>
            <br />
            <code>{`@keyframes ${animation.css}`}</code>
          </td>
          <td style={cell}>{animation.use}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The breakpoints, phone first. */
export function BreakpointTokens() {
  const names = Object.keys(breakpoints) as (keyof typeof breakpoints)[];
  return (
    <Table
      caption="Breakpoints, phone first"
      columns={['Breakpoint (JS, sprinkles condition)', 'From', 'Media query']}
    >
      <tr>
        <td style={cell}>
          <code>mobile</code> (the default condition)
        </td>
        <td style={cell}>0 px</td>
        <td style={cell}>none: every style starts here</td>
      </tr>
      {names.map((name) => (
        <tr key={name}>
          <td style={cell}>
            <code>{`breakpoints.${name}`}</code>
            <br />
            <code>{`sprinkles({ gap: { ${name}: … } })`}</code>
          </td>
          <td style={cell}>{breakpoints[name]} px</td>
          <td style={cell}>
            <code>{`@media screen and (min-width: ${breakpoints[name]}px)`}</code>
          </td>
        </tr>
      ))}
    </Table>
  );
}
