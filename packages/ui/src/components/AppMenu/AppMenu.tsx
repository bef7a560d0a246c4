import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { RoutedLinks } from '../../provider/navigation.js';
import { textSize } from '../../theme/typography.css.js';
import { cx } from '../private/cx.js';
import { tone } from '../Text/Text.css.js';
import * as styles from './AppMenu.css.js';

const strings = uiStringTable(['apps']);

/** One app on the home page. */
export interface AppMenuItem {
  /** A stable id (the route name). */
  id: string;
  /** Where it leads. */
  href: string;
  /** The app's name. */
  label: string;
  /** One line on what it is for. */
  description?: string;
  /** A large icon (lucide-react, size 28). */
  icon: ReactNode;
}

export interface AppMenuProps {
  /** The apps to show, in order. */
  items: AppMenuItem[];
  /**
   * The grid's accessible name; "Apps" by default.
   * @default 'Apps', translated
   */
  'aria-label'?: string;
}

/** The home page's grid of large app tiles: two columns on phones, more on wider screens. */
export function AppMenu({ items, ...props }: AppMenuProps) {
  const t = useStrings(strings);
  return (
    <RoutedLinks>
      <nav aria-label={props['aria-label'] ?? t('apps')}>
        <ul className={styles.grid}>
          {items.map((item) => (
            <li key={item.id}>
              <AriaLink href={item.href} className={styles.tile}>
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                </span>
                <span className={cx(styles.label, textSize.medium)}>{item.label}</span>
                {item.description && (
                  <>
                    {/* A space, so the name reads "Scores Enter the month's scores", not one word. */}{' '}
                    <span className={cx(textSize.small, tone.muted)}>{item.description}</span>
                  </>
                )}
              </AriaLink>
            </li>
          ))}
        </ul>
      </nav>
    </RoutedLinks>
  );
}
