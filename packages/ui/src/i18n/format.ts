/**
 * The library's own strings (and a host's overrides of them) are ICU messages: `{name}`
 * placeholders and `{count, plural, =0 {…} one {…} other {…}}` with `#` for the number. The
 * platform chooses the plural form (`Intl.PluralRules`, which knows each language's rules: Khmer
 * has only `other`); what is left here is reading the message, since Intl has no message
 * formatter yet and the design system ships without i18next (whose own syntax would change the
 * strings hosts override).
 */
export type MessageValues = Record<string, string | number>;

/** Where the brace opened at `open` closes (nested pairs skipped), or -1 when it never does. */
function findClosing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

// Building an Intl.PluralRules costs far more than asking one: one per locale, made once.
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

/** The options of a plural, `=0 {…} one {…} other {…}`, by selector. */
function pluralOptions(body: string): Map<string, string> {
  const options = new Map<string, string>();
  let rest = body.trim();
  for (let brace = rest.indexOf('{'); brace >= 0; brace = rest.indexOf('{')) {
    const close = findClosing(rest, brace);
    if (close < 0) break;
    options.set(rest.slice(0, brace).trim(), rest.slice(brace + 1, close));
    rest = rest.slice(close + 1).trim();
  }
  return options;
}

/** The option for `value` (an exact `=n` first, then its plural category, then `other`). */
function formatPlural(body: string, value: number, locale: string, numberText: string): string {
  const options = pluralOptions(body);
  const chosen =
    options.get(`=${value}`) ??
    options.get(pluralRulesOf(locale).select(value)) ??
    options.get('other') ??
    '';
  return chosen.replaceAll('#', numberText);
}

/** One `{…}` of the message: a value, or a plural; a value not given stays as written. */
function formatArgument(
  inner: string,
  values: MessageValues,
  locale: string,
  formatNumber: (n: number) => string,
): string {
  const [name = '', kind, ...options] = inner.split(',');
  const value = values[name.trim()];
  if (kind?.trim() === 'plural') {
    const n = typeof value === 'number' ? value : Number(value ?? 0);
    return formatPlural(options.join(','), n, locale, formatNumber(n));
  }
  if (value === undefined) return `{${inner}}`;
  return typeof value === 'number' ? formatNumber(value) : value;
}

/**
 * The message with its values in place, in `locale`'s plural forms. Numbers are written with
 * `formatNumber` (e.g. one that writes Khmer digits), as given by default. An unclosed brace and
 * what follows it are left as they are.
 */
export function formatMessage(
  template: string,
  values: MessageValues = {},
  locale = 'en',
  formatNumber: (n: number) => string = String,
): string {
  let out = '';
  let i = 0;
  for (let open = template.indexOf('{'); open >= 0; open = template.indexOf('{', i)) {
    const close = findClosing(template, open);
    if (close < 0) break;
    out += template.slice(i, open);
    out += formatArgument(template.slice(open + 1, close), values, locale, formatNumber);
    i = close + 1;
  }
  return out + template.slice(i);
}
