import { describe, expect, it } from 'vitest';
import { createSalaTheme } from './createSalaTheme.js';

describe('createSalaTheme', () => {
  it('gives the custom properties of the tokens it is given, by their names', () => {
    expect(
      createSalaTheme({
        color: { primary: '#7c3aed', primaryHover: '#6d28d9' },
        fontSize: { small: '15px' },
        space: { medium: undefined },
      }),
    ).toEqual({
      '--sala-color-primary': '#7c3aed',
      '--sala-color-primary-hover': '#6d28d9',
      '--sala-font-size-small': '15px',
    });
  });

  it('refuses a token the theme contract does not have', () => {
    expect(() => createSalaTheme({ color: { brand: 'red' } } as never)).toThrow(
      'no token color.brand',
    );
  });
});
