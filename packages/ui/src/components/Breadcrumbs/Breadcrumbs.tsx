import { ChevronRight } from '../private/icons.js';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { RoutedLinks } from '../../provider/navigation.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Breadcrumbs.css.js';

const strings = uiStringTable(['breadcrumbs.label']);

export interface BreadcrumbItem {
  /** A stable id, passed to `onAction`. */
  id: string;
  /** The page's name. */
  label: string;
  /** Where it links (the last item, the current page, is not a link). */
  href?: string;
}

export interface BreadcrumbsProps {
  /** From the top level down to the current page. */
  items: readonly BreadcrumbItem[];
  /** Called instead of following a link (client-side routing without a RouterProvider). */
  onAction?: (id: string) => void;
  /** An extra class for layout. */
  className?: string;
}

/**
 * Where the current page sits (School › Classes › Grade 7A): a navigation landmark; the last
 * item is the current page. Links go through react-aria's RouterProvider when the app sets one.
 */
export function Breadcrumbs({ items, onAction, className }: BreadcrumbsProps) {
  const t = useStrings(strings);
  return (
    <RoutedLinks>
      <nav aria-label={t('breadcrumbs.label')} className={className}>
        <AriaBreadcrumbs
          className={styles.list}
          onAction={onAction ? (key) => onAction(String(key)) : undefined}
        >
          {items.map((item, index) => (
            <Breadcrumb key={item.id} id={item.id} className={styles.item}>
              <Link href={index < items.length - 1 ? item.href : undefined} className={styles.link}>
                {item.label}
              </Link>
              {index < items.length - 1 && (
                <ChevronRight aria-hidden size={16} className={cx(styles.separator)} />
              )}
            </Breadcrumb>
          ))}
        </AriaBreadcrumbs>
      </nav>
    </RoutedLinks>
  );
}
