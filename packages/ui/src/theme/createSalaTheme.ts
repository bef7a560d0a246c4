import { vars } from './contract.css.js';

/** Any of the design tokens, by their place in `vars`: `{ color: { primary: '#7c3aed' } }`. */
export type SalaThemeValues = {
  [Group in keyof typeof vars]?: { [Token in keyof (typeof vars)[Group]]?: string };
};

/** A theme's declarations: the tokens' custom properties and their values. */
export type SalaTheme = Record<`--sala-${string}`, string>;

/**
 * A theme: new values for some of the design tokens, as the custom properties that carry them
 * (`{ '--sala-color-primary': '#7c3aed' }`). The tokens not given keep the library's values
 * (light or dark, as the page's mode says). Put it wherever custom properties go:
 *
 * ```ts
 * const brand = createSalaTheme({ color: { primary: '#7c3aed', primaryHover: '#6d28d9' } });
 * // a vanilla-extract stylesheet (*.css.ts)
 * export const brandClass = style({ vars: brand });
 * globalStyle(':root', { vars: brand });
 * // or a React style, for one subtree
 * <div style={brand}>…</div>
 * ```
 *
 * In plain CSS the same theme is `.brand { --sala-color-primary: #7c3aed; … }`.
 */
export function createSalaTheme(values: SalaThemeValues): SalaTheme {
  const theme: SalaTheme = {};
  for (const [group, tokens] of Object.entries(values)) {
    for (const [token, value] of Object.entries(tokens ?? {})) {
      const reference = (vars as Record<string, Record<string, string>>)[group]?.[token];
      if (!reference) throw new Error(`createSalaTheme: no token ${group}.${token}`);
      if (value === undefined) continue;
      // `var(--sala-color-primary)` → `--sala-color-primary`
      theme[reference.slice(4, -1) as `--sala-${string}`] = value;
    }
  }
  return theme;
}
