import { describe, expect, it } from 'vitest';
import { serializeIdentifier } from './cssEscape.js';

describe('serializeIdentifier', () => {
  it('escapes as CSS.escape does', () => {
    const samples = ['name', 'a b', '1st', '-1', '-', '--x', 'a.b#c', 'ឈ្មោះ', 'a\u0001b', '_x'];
    for (const sample of samples) expect(serializeIdentifier(sample)).toBe(CSS.escape(sample));
  });

  it('replaces NUL', () => {
    expect(serializeIdentifier('a\u0000')).toBe('a\uFFFD');
  });
});
