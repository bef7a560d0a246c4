import { keyframes } from '@vanilla-extract/css';

// Animations several components share, so that a page carries each once.

/** A full turn (spinners). */
export const spin = keyframes({ to: { transform: 'rotate(360deg)' } }, 'spin');

/** Fading in (tooltips, the modal backdrop). */
export const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } }, 'fadeIn');
