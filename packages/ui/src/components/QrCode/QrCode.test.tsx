import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './QrCode.js';

describe('QrCode', () => {
  it('is an image named for screen readers, sized as asked', () => {
    render(<QrCode value="https://sala.example/auths/login" label="Sign-in address" size="25mm" />);
    const image = screen.getByRole('img', { name: 'Sign-in address' });
    expect(image).toHaveAttribute('width', '25mm');
    expect(image.getAttribute('viewBox')).toMatch(/^0 0 (\d+) \1$/);
  });

  it('draws the modules of its value, with the quiet zone around them', () => {
    const { container, rerender } = render(<QrCode value="a" label="A" />);
    const first = container.querySelector('path')!.getAttribute('d');
    // Version 1 (21 modules) plus a border of 4 on each side.
    expect(container.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(first).toMatch(/^M4 4h1v1h-1z/);
    rerender(<QrCode value="https://sala.example/auths/login?username=sok.dara" label="A" />);
    expect(container.querySelector('path')!.getAttribute('d')).not.toBe(first);
  });
});
