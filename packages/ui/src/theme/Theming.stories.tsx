import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../components/Button/Button.js';
import { Inline } from '../components/Inline/Inline.js';
import { createSalaTheme } from './createSalaTheme.js';
import './Theming.stories.css';

/**
 * A host re-themes the library by the tokens' names, `--sala-color-primary` and the rest: in its
 * own CSS on any selector, or with `createSalaTheme` (a vanilla-extract `vars`, a React style).
 */
const meta = {
  title: 'Foundations/Theming',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const background = (element: Element) => getComputedStyle(element).backgroundColor;

const texts = {
  en: { save: 'Save', cancel: 'Cancel', confirm: 'Confirm' },
  km: { save: 'រក្សាទុក', cancel: 'បោះបង់', confirm: 'បញ្ជាក់' },
};
const textsOf = (globals: Record<string, unknown>) => texts[globals.locale === 'km' ? 'km' : 'en'];

/** Plain CSS: `.host-brand { --sala-color-primary: #6d28d9; … }` around the buttons. */
export const PlainCss: Story = {
  render: (_args, { globals }) => (
    <Inline className="host-brand" gap="medium">
      <Button>{textsOf(globals).save}</Button>
      <Button variant="secondary">{textsOf(globals).cancel}</Button>
    </Inline>
  ),
  play: async ({ canvasElement, globals }) => {
    const save = within(canvasElement).getByRole('button', { name: textsOf(globals).save });
    await expect(background(save)).toBe('rgb(109, 40, 217)');
    await expect(getComputedStyle(save).borderTopLeftRadius).toBe('2px');
    // Storybook names the classes as the published build does (packages/ui/identifiers.ts).
    await expect(save.className).toMatch(/(^| )sala_Button_base__[0-9a-z]{5}( |$)/);
  },
};

const amber = createSalaTheme({
  color: {
    primary: '#b45309',
    primaryHover: '#92400e',
    primaryPressed: '#78350f',
    onPrimary: '#ffffff',
  },
});

/** `createSalaTheme({ color: { primary: '#b45309', … } })` as a React style on a subtree. */
export const CreateSalaTheme: Story = {
  render: (_args, { globals }) => (
    <Inline gap="medium">
      <div style={amber}>
        <Button>{textsOf(globals).confirm}</Button>
      </div>
      <Button>{textsOf(globals).save}</Button>
    </Inline>
  ),
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const { confirm, save } = textsOf(globals);
    await expect(background(canvas.getByRole('button', { name: confirm }))).toBe('rgb(180, 83, 9)');
    // Outside the themed subtree, the library's own primary.
    await expect(background(canvas.getByRole('button', { name: save }))).not.toBe(
      'rgb(180, 83, 9)',
    );
  },
};

/**
 * SalaProvider puts the language on <html>: Khmer text gets its taller line height
 * (`:lang(km)`, `--sala-line-height-khmer`), English the body's.
 */
export const LanguageOnHtml: Story = {
  render: () => (
    <p>
      សិស្សទាំងអស់មានវត្តមាននៅថ្ងៃនេះ។ <span lang="en">Every student is present today.</span>
    </p>
  ),
  play: async ({ canvasElement, globals }) => {
    const html = canvasElement.ownerDocument.documentElement;
    const locale = globals.locale as string;
    await expect(html).toHaveAttribute('lang', locale);
    await expect(html).toHaveAttribute('dir', 'ltr');
    const paragraph = canvasElement.querySelector('p')!;
    const lineHeight = (element: Element) =>
      parseFloat(getComputedStyle(element).lineHeight) /
      parseFloat(getComputedStyle(element).fontSize);
    await expect(lineHeight(paragraph)).toBeCloseTo(locale === 'km' ? 1.8 : 1.6, 2);
    await expect(lineHeight(paragraph.querySelector('span')!)).toBeCloseTo(
      locale === 'km' ? 1.8 : 1.6,
      2,
    );
  },
};
