/**
 * A throw-away consumer: renders ConfirmDialog, a toast and the global loader from the BUILT
 * package (dist/index.js + dist/styles.css), the way a host app gets them from npm — not from
 * the sources the other tests use. Builds the package first when dist is missing.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
// Types only: the values come from dist below.
import type * as UiSource from './index.js';
// From source, compiled by the tests' vanilla-extract plugin: its names must be the build's.
import * as buttonStyles from './components/Button/Button.css.js';
import { vars } from './theme/contract.css.js';

const packageDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(packageDir, 'dist');

// The published entry points, as package.json's "exports" name them.
const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  imports: Record<string, Record<string, string>>;
};
const entry = (manifest.exports['.'] as Record<string, string>).default ?? 'dist/index.js';
const stylesheet = (manifest.exports['./styles.css'] as string | undefined) ?? 'dist/styles.css';

type Ui = typeof UiSource;
let ui: Ui;
let css = '';
/** The CSS the entry's own imports bring (its stylesheet modules, through "imports"). */
let entryCss = '';

/**
 * Follows dist/index.js and the modules it imports (its per-component chunks) to their
 * `#styles/*` imports (the package's "imports" map, browser side) and on to the stylesheets
 * those import: what a host's bundler ships when it imports no stylesheet itself.
 */
function cssImportedByEntry() {
  const styles = manifest.imports['#styles/*']!.default!;
  const modules = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const js = fs.readFileSync(file, 'utf8');
    for (const m of js.matchAll(/(?:from |import )'#styles\/([^']+)'/g)) {
      modules.add(path.join(packageDir, styles.replace('*', m[1]!)));
    }
    for (const m of js.matchAll(/(?:from |import )'(\.\/[^']+\.js)'/g)) {
      visit(path.resolve(path.dirname(file), m[1]!));
    }
  };
  visit(path.join(packageDir, entry));
  const sheets = new Set<string>();
  for (const file of modules) {
    const code = fs.readFileSync(file, 'utf8');
    for (const [, sheet] of code.matchAll(/import '(\.[^']+\.css)'/g)) {
      sheets.add(path.resolve(path.dirname(file), sheet!));
    }
  }
  return [...sheets].map((sheet) => fs.readFileSync(sheet, 'utf8')).join('\n');
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(packageDir, entry))) {
    execSync('npm run build', { cwd: packageDir, stdio: 'ignore' });
  }
  ui = (await import(/* @vite-ignore */ path.join(packageDir, entry))) as Ui;
  css = fs.readFileSync(path.join(packageDir, stylesheet), 'utf8');
  entryCss = cssImportedByEntry();
}, 180_000);

/**
 * Every class on the element is defined in the published stylesheet, and in the stylesheets the
 * entry's own imports bring.
 */
function expectStyled(element: Element) {
  const classes = [...element.classList];
  expect(classes.length).toBeGreaterThan(0);
  for (const name of classes) {
    expect(css).toContain(`.${name}`);
    expect(entryCss).toContain(`.${name}`);
  }
}

describe('the built package', () => {
  it('exposes dist/index.js and dist/styles.css', () => {
    expect(fs.existsSync(path.join(dist, 'index.js'))).toBe(true);
    expect(css).toContain('--');
  });

  it('names its tokens --sala-* and its classes sala_<file>_<style>__<version hash>', () => {
    expect(vars.color.primary).toBe('var(--sala-color-primary)');
    expect(vars.fontSize.small).toBe('var(--sala-font-size-small)');
    expect(css).toMatch(
      /:root,\s*\.sala_themes_lightThemeClass__\w+ \{[^}]*--sala-color-primary: #/,
    );
    const properties = new Set(css.match(/--[\w-]+(?=:)/g));
    // The tokens (public, the same in every version) and a few components' own variables
    // (private, named like their classes).
    expect(
      [...properties].filter((name) => !/^--sala-[a-z-]+$|^--sala_\w+__[0-9a-z]{5}$/.test(name)),
    ).toEqual([]);
    // Every class in the stylesheet is the library's (and the dark mode's on <html>), but
    // react-easy-crop's own.
    const classes = new Set(css.match(/(?<=\.)-?[_a-zA-Z][\w-]*/g));
    const foreign = [...classes].filter(
      (name) =>
        !/^sala_\w+__[0-9a-z]{5}$/.test(name) &&
        !name.startsWith('reactEasyCrop_') &&
        name !== 'sala-dark',
    );
    expect(foreign).toEqual([]);
  });

  it('gives a style the same class name from source (tests, Storybook) as in the build', async () => {
    const built = (await import(
      /* @vite-ignore */ path.join(dist, 'styles/node/components/Button/Button.styles.js')
    )) as typeof buttonStyles;
    expect(buttonStyles.base).toMatch(/^sala_Button_base__[0-9a-z]{5}$/);
    expect(built.base).toBe(buttonStyles.base);
    expect(built.variant).toEqual(buttonStyles.variant);
    expect(css).toContain(`.${buttonStyles.variant.primary}`);
  });

  it('brings the theme with the entry, without a stylesheet import', () => {
    expect(entryCss).toContain(':root');
    expect(entryCss).toContain(':root.sala-dark');
  });

  it('renders ConfirmDialog, then the loader, then a toast, styled by styles.css and by the stylesheets the entry imports', async () => {
    const { SalaProvider, DialogTrigger, Button, ConfirmDialog, GlobalLoader, useToast } = ui;
    const user = userEvent.setup();
    let finish: () => void = () => {};

    function Page() {
      const toast = useToast();
      const [loading, setLoading] = useState(false);
      return (
        <>
          <DialogTrigger>
            <Button variant="danger">Delete student</Button>
            <ConfirmDialog
              type="error"
              title="Delete this student?"
              confirmText="Delete"
              onConfirm={() => {
                setLoading(true);
                finish = () => {
                  setLoading(false);
                  toast.success('Student deleted');
                };
              }}
            />
          </DialogTrigger>
          <GlobalLoader isLoading={loading} />
        </>
      );
    }

    render(
      <SalaProvider locale="km">
        <Page />
      </SalaProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete student' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this student?' });
    expectStyled(dialog.closest('[data-rac]')?.parentElement ?? dialog);
    expect(within(dialog).getByRole('button', { name: 'បោះបង់' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const loader = await screen.findByRole('dialog', { name: 'កំពុងផ្ទុក...' });
    expectStyled(loader);
    act(() => finish());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const toast = await screen.findByRole('alertdialog', { name: 'Student deleted' });
    expectStyled(toast);
    expect(toast).toHaveAttribute('data-type', 'success');
  });
});
