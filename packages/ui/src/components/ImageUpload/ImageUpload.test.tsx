import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageUpload } from './ImageUpload.js';

const user = userEvent.setup({ applyAccept: false });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('ImageUpload', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a file that is not an image with a clear message', async () => {
    render(<ImageUpload label="Student photo" />);
    await user.upload(fileInput(), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“report.pdf” is not an image. Choose a JPEG, PNG or WebP file.',
    );
  });

  it('refuses an image that is too large, in Khmer too', async () => {
    render(
      <I18nProvider locale="km-KH">
        <ImageUpload label="រូបថតសិស្ស" maxFileBytes={1024} />
      </I18nProvider>,
    );
    await user.upload(
      fileInput(),
      new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      '«big.jpg» មានទំហំ 3.0 MB ប៉ុន្តែឯកសារធំបំផុតដែលទទួលយកគឺ 0.00 MB។',
    );
  });

  it('opens the crop step for an image, and cancels back', async () => {
    render(<ImageUpload label="Student photo" />);
    await user.upload(fileInput(), new File(['x'], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Chosen image' })).toHaveAttribute('src', 'blob:photo');
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rotate right' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Choose an image' })).toBeInTheDocument();
  });

  it('injects no <style> element for the cropper: its stylesheet is ours', async () => {
    render(<ImageUpload label="Student photo" />);
    await user.upload(fileInput(), new File(['x'], 'me.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'Chosen image' })).toBeInTheDocument();
    const injected = [...document.querySelectorAll('style')].filter((el) =>
      el.textContent?.includes('reactEasyCrop'),
    );
    expect(injected).toEqual([]);
  });

  it("has a rule for every selector of the installed react-easy-crop's stylesheet", () => {
    const library = fs.readFileSync(
      createRequire(path.join(import.meta.dirname, 'ImageUpload.tsx')).resolve(
        'react-easy-crop/react-easy-crop.css',
      ),
      'utf8',
    );
    const ours = fs.readFileSync(path.join(import.meta.dirname, 'ImageUpload.css.ts'), 'utf8');
    const names = (text: string, pattern: RegExp) =>
      [...new Set([...text.matchAll(pattern)].map((m) => `${m[1]}${m[2] ?? ''}`))].sort();
    const librarySelectors = names(library, /\.reactEasyCrop_(\w+)(::\w+)?/g);
    expect(librarySelectors.length).toBeGreaterThan(5);
    expect(names(ours, /cropper\('(\w+)'\)\}?(::\w+)?/g)).toEqual(librarySelectors);
  });
});
