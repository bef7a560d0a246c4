import { styleVariants } from '@vanilla-extract/css';

// The look comes from Button's recipe; these make it square, with a 44 px touch target.
export const square = styleVariants(
  {
    small: { width: 32, height: 32, minHeight: 32, padding: 0 },
    medium: { width: 44, height: 44, minHeight: 44, padding: 0 },
    large: { width: 52, height: 52, minHeight: 52, padding: 0 },
  },
  'square',
);
