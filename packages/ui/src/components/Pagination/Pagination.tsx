import { ChevronLeft, ChevronRight } from '../private/icons.js';
import { Button } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { formatNumber, type DigitStyle } from '../../lib/khmerDigits.js';
import { Select } from '../Select/Select.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Pagination.css.js';
import { pageItems } from './pageItems.js';
import { useDigits } from '../../provider/digits.js';

const strings = uiStringTable([
  'pagination.label',
  'pagination.previous',
  'pagination.next',
  'pagination.page',
  'pagination.pageOf',
  'pagination.pageSize',
  'pagination.range',
]);

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** Called with the page to show. */
  onPageChange: (page: number) => void;
  /** How many items there are in all. */
  total: number;
  /** Items per page. */
  pageSize: number;
  /**
   * The page sizes offered; with `onPageSizeChange`, shows a "Rows per page" select.
   * @default [10, 20, 50, 100]
   */
  pageSizes?: readonly number[];
  /** Called with the chosen page size (the page should go back to 1). */
  onPageSizeChange?: (pageSize: number) => void;
  /** `khmr` writes numbers with Khmer digits; unset, SalaProvider's `digits` applies. */
  digits?: DigitStyle;
  /**
   * Pages shown either side of the current one.
   * @default 1
   */
  siblings?: number;
  /** An extra class for layout. */
  className?: string;
}

/**
 * Page numbers with gaps (1 … 4 5 6 … 250), previous / next, the range shown ("21–40 of 5,000")
 * and an optional page size. Where the bar is too narrow for the numbers (a phone), it shows
 * "‹ Page 3 of 250 ›" instead. A navigation landmark; the current page is marked for screen readers.
 */
export function Pagination({
  page,
  onPageChange,
  total,
  pageSize,
  pageSizes = [10, 20, 50, 100],
  onPageSizeChange,
  digits: digitsProp,
  siblings = 1,
  className,
}: PaginationProps) {
  const digits = useDigits(digitsProp);
  const t = useFormattedStrings(strings);
  const n = (value: number) => formatNumber(value, { digits });
  const count = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  const current = Math.min(Math.max(1, page), count);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <div className={cx(styles.bar, className)}>
      <div className={styles.meta}>
        <span aria-live="polite">
          {t('pagination.range', { from: n(from), to: n(to), total: n(total) })}
        </span>
        {onPageSizeChange && (
          <Select<number>
            label={t('pagination.pageSize')}
            value={pageSize}
            onChange={(size) => size && onPageSizeChange(size)}
            options={pageSizes.map((size) => ({ id: size, label: n(size) }))}
            className={styles.sizeSelect}
          />
        )}
      </div>
      <nav aria-label={t('pagination.label')} className={styles.nav}>
        <ul className={styles.pages}>
          <li>
            <Button
              className={styles.pageButton}
              aria-label={t('pagination.previous')}
              isDisabled={current <= 1}
              onPress={() => onPageChange(current - 1)}
            >
              <ChevronLeft aria-hidden size={18} />
            </Button>
          </li>
          {pageItems(current, count, siblings).map((item) =>
            typeof item === 'number' ? (
              <li key={item} className={styles.wideOnly}>
                <Button
                  className={styles.pageButton}
                  aria-label={t('pagination.page', { page: n(item) })}
                  aria-current={item === current ? 'page' : undefined}
                  onPress={() => onPageChange(item)}
                >
                  {n(item)}
                </Button>
              </li>
            ) : (
              <li key={item} className={cx(styles.gap, styles.wideOnly)} aria-hidden>
                …
              </li>
            ),
          )}
          <li className={styles.compact}>
            {t('pagination.pageOf', { page: n(current), count: n(count) })}
          </li>
          <li>
            <Button
              className={styles.pageButton}
              aria-label={t('pagination.next')}
              isDisabled={current >= count}
              onPress={() => onPageChange(current + 1)}
            >
              <ChevronRight aria-hidden size={18} />
            </Button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
