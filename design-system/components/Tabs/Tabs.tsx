import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import * as styles from './Tabs.css.ts';

export interface TabsProps extends Omit<AriaTabsProps, 'className' | 'style' | 'children'> {
  /** A `TabList` and its `TabPanel`s. */
  children: ReactNode;
  /**
   * Tabs in a row above the panels, or in a column beside them (arrow keys follow).
   * @default 'horizontal'
   */
  orientation?: 'horizontal' | 'vertical';
}

/**
 * Tabs over React Aria's: arrow keys move between tabs and select them (`keyboardActivation="manual"` waits
 * for Enter), Tab moves into the panel.
 */
export function Tabs({ orientation = 'horizontal', ...props }: TabsProps) {
  return <AriaTabs {...props} orientation={orientation} className={styles.tabs({ orientation })} />;
}

export interface TabListProps<T> extends Omit<AriaTabListProps<T>, 'className' | 'style'> {
  /** Names the tab list for screen readers ("Account sections"). */
  'aria-label'?: string;
}

/** The row (or column) of tabs. */
export function TabList<T extends object>(props: TabListProps<T>) {
  return <AriaTabList {...props} className={styles.tabList} />;
}

export interface TabProps extends Omit<AriaTabProps, 'className' | 'style' | 'children'> {
  /** The tab's label. */
  children: ReactNode;
}

/** One tab; its `id` matches the `TabPanel` it shows. */
export function Tab(props: TabProps) {
  return <AriaTab {...props} className={styles.tab} />;
}

export interface TabPanelProps extends Omit<AriaTabPanelProps, 'className' | 'style' | 'children'> {
  /** The panel's content. */
  children: ReactNode;
}

/** The content of the tab with the same `id`. It is focusable when it holds nothing focusable. */
export function TabPanel(props: TabPanelProps) {
  return <AriaTabPanel {...props} className={styles.tabPanel} />;
}
