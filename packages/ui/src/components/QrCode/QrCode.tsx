import { forwardRef, useMemo, type SVGAttributes } from 'react';
import { encode } from 'uqr';
import { cx } from '../private/cx.js';
import * as styles from './QrCode.css.js';

export interface QrCodeProps extends Omit<SVGAttributes<SVGSVGElement>, 'children' | 'style'> {
  /** What the code holds, e.g. the address of a page. */
  value: string;
  /** What the code is, for screen readers (e.g. "QR code of the sign-in address"). */
  label: string;
  /**
   * The printed or shown width and height in CSS units.
   * @default '6rem'
   */
  size?: string;
  /** An extra class for layout. */
  className?: string;
}

/**
 * A QR code a phone's camera opens, drawn as one SVG path (sharp at any size, on screen and on
 * paper). Dark modules on a white ground with the standard quiet zone, whatever the colour mode:
 * cameras read dark on light.
 */
export const QrCode = forwardRef<SVGSVGElement, QrCodeProps>(function QrCode(
  { value, label, size = '6rem', className, ...props },
  ref,
) {
  const { path, dimension } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, dimension: qr.size };
  }, [value]);
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${dimension} ${dimension}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={cx(styles.qr, className)}
      {...props}
    >
      <rect width={dimension} height={dimension} className={styles.ground} />
      <path d={path} className={styles.modules} />
    </svg>
  );
});
