import * as styles from './Button.css.js';

export interface ButtonLook {
  variant?: keyof typeof styles.variant;
  size?: keyof typeof styles.size;
  fullWidth?: boolean;
}

/** The classes of a button with the given look (primary and medium unless told). */
export function button({ variant = 'primary', size = 'medium', fullWidth }: ButtonLook = {}) {
  return `${styles.base} ${styles.variant[variant]} ${styles.size[size]}${
    fullWidth ? ` ${styles.fullWidth}` : ''
  }`;
}
