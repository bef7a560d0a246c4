import { useState } from 'react';
import { useBilingual, type BilingualText } from '../../lib/bilingual.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Avatar.css.js';
import { initialsOf } from './initials.js';

export const avatarSizes = ['small', 'medium', 'large'] as const;

export interface AvatarProps {
  /** The person's name, in one language or both; it is the avatar's accessible name. */
  name: string | BilingualText;
  /** A photo; initials are shown when there is none or it fails to load. */
  src?: string | null;
  /**
   * 32, 44 or 72 px. Default medium.
   * @default 'medium'
   */
  size?: (typeof avatarSizes)[number];
  /** An extra class for layout. */
  className?: string;
}

/** A person's photo, or their initials from the name in the current language. */
export function Avatar({ name, src, size = 'medium', className }: AvatarProps) {
  const { lang, pick } = useBilingual();
  const [failed, setFailed] = useState<string | null>(null);
  const label = typeof name === 'string' ? name : pick(name);
  const showImage = !!src && failed !== src;
  return (
    <span
      role="img"
      aria-label={label}
      lang={lang}
      className={cx(styles.avatar, styles.sizes[size], className)}
    >
      {showImage ? (
        <img src={src} alt="" className={styles.image} onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden>{initialsOf(name, lang)}</span>
      )}
    </span>
  );
}
