/**
 * Tabs (WAI-ARIA tabs pattern) on React Aria's Tabs: arrow keys move and select (following the
 * reading direction), Home/End jump, the selected tab is the only one in the tab order. Counts show
 * as badges. Only the selected tab's panel is drawn: it holds `children`, and is made anew for each
 * tab (React Aria keeps a panel's first id, so one panel reused would be controlled by no tab).
 */
import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  count?: number;
  testId?: string;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange(value: T): void;
  children?: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const select = (key: Key) => {
    const tab = tabs.find((t) => t.value === key);
    if (tab) onChange(tab.value);
  };
  return (
    <AriaTabs className="tabs" selectedKey={value} onSelectionChange={select}>
      <TabList aria-label={label} className="tab-list">
        {tabs.map((t) => (
          <Tab key={t.value} id={t.value} data-testid={t.testId} className={({ isSelected }) => `tab${isSelected ? ' selected' : ''}`}>
            {t.label}
            {t.count ? <span className="tab-count">{t.count}</span> : null}
          </Tab>
        ))}
      </TabList>
      <TabPanel key={value} id={value} className="tab-panel">
        {children}
      </TabPanel>
    </AriaTabs>
  );
}
