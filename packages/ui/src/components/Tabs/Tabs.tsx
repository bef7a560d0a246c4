import type { ReactNode } from 'react';
import {
  Tab,
  TabList,
  TabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Tabs.css.js';

export interface TabItem {
  /** The tab's id, passed to `onSelectionChange` and used by `selectedKey`. */
  id: string;
  /** The tab's label. */
  label: ReactNode;
  /** The panel shown when the tab is selected. */
  content: ReactNode;
  /** The tab cannot be selected; arrow keys skip it. */
  isDisabled?: boolean;
}

export interface TabsProps extends Omit<
  AriaTabsProps,
  'className' | 'style' | 'children' | 'orientation'
> {
  /** The tabs and their panels, in order. */
  tabs: readonly TabItem[];
  /** Names the tab list for screen readers, e.g. "Student record". */
  'aria-label': string;
  /** An extra class for layout. */
  className?: string;
}

/**
 * Tabs over panels (a student's record: details, attendance, scores). Arrows move between tabs,
 * Home/End jump; on a phone the tab row scrolls sideways rather than wrapping.
 */
export function Tabs({ tabs, 'aria-label': label, className, ...props }: TabsProps) {
  return (
    <AriaTabs {...props} className={cx(styles.tabs, className)}>
      <TabList aria-label={label} className={styles.list}>
        {tabs.map((item) => (
          <Tab key={item.id} id={item.id} isDisabled={item.isDisabled} className={styles.tab}>
            {item.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((item) => (
        <TabPanel key={item.id} id={item.id} className={styles.panel}>
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}

export type { Key as TabKey };
