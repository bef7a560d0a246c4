import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.join(import.meta.dirname, 'locales');
const load = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const keys = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];
const namespaces = fs.readdirSync(path.join(dir, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('translations', () => {
  it('has the same namespaces in both languages', () => {
    expect(fs.readdirSync(path.join(dir, 'km')).sort()).toEqual(
      fs.readdirSync(path.join(dir, 'en')).sort(),
    );
  });

  it.each(namespaces)('%s has the same keys in English and Khmer, none empty', (ns) => {
    const en = load('en', ns);
    const km = load('km', ns);
    expect(keys(km).sort()).toEqual(keys(en).sort());
    for (const key of keys(km)) {
      const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], km);
      expect(String(value).trim(), `km ${ns}:${key}`).not.toBe('');
    }
  });
});
