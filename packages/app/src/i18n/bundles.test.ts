import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as frameEn from './bundles/frame.en.js';
import * as frameKm from './bundles/frame.km.js';
import * as signInEn from './bundles/signin.en.js';
import * as signInKm from './bundles/signin.km.js';
import { loadStrings } from './index.js';
import { frameNamespaces, signInNamespaces } from './namespaces.js';

const dir = path.join(import.meta.dirname, 'locales');
const namespacesIn = (lang: string) =>
  fs.readdirSync(path.join(dir, lang)).map((file) => file.replace(/\.json$/, ''));

describe('the strings as the app loads them', () => {
  it.each(['en', 'km'])('gives every namespace of %s its own file’s strings', async (lang) => {
    for (const ns of namespacesIn(lang)) {
      const file = JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8'));
      expect(await loadStrings(lang, ns), `${lang}/${ns}`).toEqual(file);
    }
  });

  it('groups exactly the namespaces the lists name, in each language', () => {
    for (const bundle of [signInEn, signInKm]) {
      expect(Object.keys(bundle).sort()).toEqual([...signInNamespaces].sort());
    }
    for (const bundle of [frameEn, frameKm]) {
      expect(Object.keys(bundle).sort()).toEqual([...frameNamespaces].sort());
    }
  });

  it('leaves the grouped namespaces out of the screens’ own files', () => {
    // The glob in index.ts must be a literal: its list of left-out names is checked here.
    const source = fs.readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
    const left = /'!\.\/locales\/\*\/\{([^}]*)\}\.json'/.exec(source)?.[1]?.split(',');
    expect(left?.sort()).toEqual([...signInNamespaces, ...frameNamespaces].sort());
  });
});
