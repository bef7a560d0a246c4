import { describe, expect, it } from 'vitest';
import { checkImageFile, fitWithin } from './imageFile.js';

const MB = 1024 * 1024;

describe('checkImageFile', () => {
  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg', size: 2 * MB }, null],
    [{ name: 'a.png', type: 'image/png', size: 100 }, null],
    [{ name: 'a.webp', type: 'image/webp', size: 100 }, null],
    [
      { name: 'report.pdf', type: 'application/pdf', size: 100 },
      { kind: 'not-an-image', name: 'report.pdf' },
    ],
    [
      { name: 'photo.heic', type: 'image/heic', size: 100 },
      { kind: 'not-an-image', name: 'photo.heic' },
    ],
    [
      { name: 'x', type: '', size: 1 },
      { kind: 'not-an-image', name: 'x' },
    ],
    [
      { name: 'big.jpg', type: 'image/jpeg', size: 12.4 * MB },
      { kind: 'too-large', name: 'big.jpg', sizeMb: '12.4', maxMb: '10.0' },
    ],
  ])('%o → %o', (file, problem) => {
    expect(checkImageFile(file, 10 * MB)).toEqual(problem);
  });
});

describe('fitWithin', () => {
  it.each([
    [4000, 3000, 512, { width: 512, height: 384 }],
    [3000, 4000, 512, { width: 384, height: 512 }],
    [300, 200, 512, { width: 300, height: 200 }],
    [1000, 1000, 256, { width: 256, height: 256 }],
  ])('%d × %d within %d', (w, h, max, expected) => {
    expect(fitWithin(w, h, max)).toEqual(expected);
  });
});
