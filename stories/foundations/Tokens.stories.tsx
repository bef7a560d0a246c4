import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { vars } from '../../packages/ui/src/index.js';
import { contrastRatio } from './contrast.js';
import {
  BreakpointTokens,
  ColorTokens,
  MotionTokens,
  MotionValueTokens,
  RadiusTokens,
  ShadowTokens,
  SpaceTokens,
  TypeScale,
  TypeTokens,
  ZIndexTokens,
  cssName,
} from './tokenDocs.js';

/**
 * The tables of the Foundations pages, as stories: each is checked by axe in light and dark, and
 * by its play function. No reference image: the tables show the custom properties' generated
 * names, which change with the build, not with the looks.
 */
const meta = {
  title: 'Foundations/All tokens',
  component: ColorTokens,
  parameters: { screenshot: false },
} satisfies Meta<typeof ColorTokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every colour token in light and dark, with its contrast on the backgrounds it is drawn on. */
export const Colour: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The WCAG formula's known ends: black on white is 21:1, a colour on itself 1:1.
    await expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    await expect(contrastRatio('#fff', 'rgb(255 255 255)')).toBeCloseTo(1, 5);
    await expect(contrastRatio('#fff', 'rgb(15 23 42 / 0.5)')).toBeUndefined();
    // Each row names its custom property as the theme defines it.
    const primary = canvasElement.querySelector('[data-token="primary"]');
    await expect(primary).toHaveTextContent(cssName(vars.color.primary));
    await expect(cssName(vars.color.primary)).toMatch(/^--/);
    // White on the light primary green, as the table shows it.
    const onPrimary = canvasElement.querySelector('[data-token="onPrimary"] [data-on="primary"]');
    await expect(onPrimary).toHaveTextContent('5.02:1');
    await expect(canvas.getByRole('table', { name: 'Colour tokens' })).toBeVisible();
  },
};

/** The type scale in English and Khmer, line heights, weights and families. */
export const Typography: Story = {
  render: () => (
    <>
      <TypeScale />
      <TypeTokens />
    </>
  ),
  play: async ({ canvasElement }) => {
    const khmer = canvasElement.querySelectorAll('p[lang="km"]');
    await expect(khmer.length).toBeGreaterThan(0);
    // Khmer gets its taller line height at every step.
    for (const sample of khmer) {
      const { fontSize, lineHeight } = getComputedStyle(sample);
      await expect(Number.parseFloat(lineHeight) / Number.parseFloat(fontSize)).toBeCloseTo(1.8, 1);
    }
  },
};

/** Space, radius, shadow and z-index. */
export const SpaceRadiusShadowLayers: Story = {
  render: () => (
    <>
      <SpaceTokens />
      <RadiusTokens />
      <ShadowTokens />
      <ZIndexTokens />
    </>
  ),
};

/** Durations, easings, the shared animations and the breakpoints. */
export const MotionAndBreakpoints: Story = {
  render: () => (
    <>
      <MotionValueTokens />
      <MotionTokens />
      <BreakpointTokens />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(cssName(vars.duration.moderate))).toBeVisible();
    // The page's value, as a component reads it (0ms where the system asks for reduced motion).
    const value = getComputedStyle(document.documentElement)
      .getPropertyValue(cssName(vars.duration.moderate))
      .trim();
    // In milliseconds, however the stylesheet writes it (a minified build writes `.2s`).
    const ms = Number.parseFloat(value) * (/ms$/.test(value) ? 1 : 1000);
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    await expect(ms).toBe(reduced ? 0 : 200);
  },
};
