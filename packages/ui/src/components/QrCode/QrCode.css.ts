import { style } from '@vanilla-extract/css';

/** A QR code keeps its black on white in dark mode and on paper: cameras read dark on light. */
export const qr = style({ display: 'block', flex: 'none' }, 'qr');
export const ground = style({ fill: '#fff' }, 'ground');
export const modules = style({ fill: '#000' }, 'modules');
