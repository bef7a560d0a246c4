/**
 * A small ICU MessageFormat subset for the library's own strings: `{name}` placeholders and
 * `{count, plural, =0 {…} one {…} other {…}}` with `#` for the number. Enough for UI strings,
 * a fraction of the size of a full ICU implementation.
 */
export type MessageValues = Record<string, string | number>;

function findClosing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

// Building Intl.PluralRules costs far more than using one: one per locale, made once.
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, value: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(value);
}

function formatPlural(body: string, value: number, locale: string, numberText: string): string {
  const options = new Map<string, string>();
  let rest = body.trim();
  while (rest) {
    const brace = rest.indexOf('{');
    if (brace < 0) break;
    const selector = rest.slice(0, brace).trim();
    const close = findClosing(rest, brace);
    if (close < 0) break;
    options.set(selector, rest.slice(brace + 1, close));
    rest = rest.slice(close + 1).trim();
  }
  const exact = options.get(`=${value}`);
  const category = pluralCategory(locale, value);
  const chosen = exact ?? options.get(category) ?? options.get('other') ?? '';
  return chosen.replaceAll('#', numberText);
}

export function formatMessage(
  template: string,
  values: MessageValues = {},
  locale = 'en',
  formatNumber: (n: number) => string = String,
): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) {
      out += template.slice(i);
      break;
    }
    out += template.slice(i, open);
    const close = findClosing(template, open);
    if (close < 0) {
      out += template.slice(open);
      break;
    }
    const inner = template.slice(open + 1, close);
    const [name = '', kind, ...restParts] = inner.split(',');
    const value = values[name.trim()];
    if (kind?.trim() === 'plural') {
      const n = typeof value === 'number' ? value : Number(value ?? 0);
      out += formatPlural(restParts.join(','), n, locale, formatNumber(n));
    } else {
      out +=
        value === undefined
          ? `{${inner}}`
          : typeof value === 'number'
            ? formatNumber(value)
            : value;
    }
    i = close + 1;
  }
  return out;
}
