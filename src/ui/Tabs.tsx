/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys move between tabs, Home/End jump, the selected tab is
 * the only one in the tab order. Counts show as badges.
 */
import { useId, useRef, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  count?: number;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange(value: T): void;
  children?: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.value === value);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    onChange(tab.value);
    list.current?.querySelector<HTMLElement>(`[data-value="${CSS.escape(tab.value)}"]`)?.focus();
  };
  return (
    <div className="tabs">
      <div ref={list} role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-${t.value}`}
            data-value={t.value}
            aria-selected={t.value === value}
            aria-controls={`${id}-panel`}
            tabIndex={t.value === value ? 0 : -1}
            className={`tab${t.value === value ? ' selected' : ''}`}
            onClick={() => onChange(t.value)}
          >
            {t.label}
            {t.count ? <span className="tab-count">{t.count}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
