import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  Heading,
  Stack,
  Text,
  darkThemeClass,
  lightThemeClass,
  textSize,
  typeScale,
  vars,
} from '../packages/ui/src/index.js';
import { lightTokens } from '../packages/ui/src/theme/tokens.js';

type ColorToken = keyof typeof lightTokens.color;
const colorTokens = Object.keys(lightTokens.color) as ColorToken[];
const spaceTokens = Object.keys(lightTokens.space) as (keyof typeof lightTokens.space)[];
const sizes = Object.keys(typeScale) as (keyof typeof typeScale)[];

function Swatches({ themeClass, label }: { themeClass: string; label: string }) {
  return (
    <section
      className={themeClass}
      aria-label={label}
      style={{ background: vars.color.background, padding: 12, borderRadius: 8 }}
    >
      <Heading level={3}>{label}</Heading>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: 8,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {colorTokens.map((token) => (
          <li key={token} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span
              aria-hidden="true"
              style={{
                width: 28,
                height: 28,
                flexShrink: 0,
                borderRadius: 6,
                background: vars.color[token],
                border: `1px solid ${vars.color.border}`,
              }}
            />
            <Text size="small" as="span">
              {token}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The design tokens: every component styles itself with these, never with raw values. */
function Tokens() {
  return (
    <Stack gap="xlarge">
      <Stack gap="small">
        <Heading level={2}>Colours</Heading>
        <Text tone="muted">
          Primary green, cool gray and the agridev accent; each token has a light and a dark value.
        </Text>
        <Swatches themeClass={lightThemeClass} label="Light theme" />
        <Swatches themeClass={darkThemeClass} label="Dark theme" />
      </Stack>
      <Stack gap="small">
        <Heading level={2}>Type scale</Heading>
        <Text tone="muted">
          Latin text uses the Latin line height; Khmer (`:lang(km)`) gets the taller one, so stacked
          consonants and vowels are never clipped.
        </Text>
        {sizes.map((size) => (
          <div key={size} style={{ borderBlockEnd: `1px solid ${vars.color.border}` }}>
            <Text size="xsmall" tone="muted" as="span">
              {size}
            </Text>
            <p className={textSize[size]} style={{ margin: 0 }}>
              Report card, Semester 1
            </p>
            <p className={textSize[size]} lang="km" style={{ margin: 0 }}>
              ព្រឹត្តិបត្រពិន្ទុ ឆមាសទី១ ស្ត្រី
            </p>
          </div>
        ))}
      </Stack>
      <Stack gap="small">
        <Heading level={2}>Spacing</Heading>
        {spaceTokens.map((token) => (
          <div key={token} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Text size="small" as="span">
              {`${token} · ${lightTokens.space[token]}`}
            </Text>
            <span
              aria-hidden="true"
              style={{
                width: vars.space[token],
                height: 12,
                background: vars.color.primary,
                borderRadius: 2,
              }}
            />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Foundations/Tokens',
  component: Tokens,
} satisfies Meta<typeof Tokens>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Colours in both themes, the type scale in Latin and Khmer, and the spacing steps. */
export const AllTokens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Light theme' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Dark theme' })).toBeVisible();
    await expect(canvas.getAllByText('ព្រឹត្តិបត្រពិន្ទុ ឆមាសទី១ ស្ត្រី')).toHaveLength(sizes.length);
  },
};
