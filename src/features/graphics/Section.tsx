/**
 * One collapsible section of the Graphics panel (§2), on React Aria's Disclosure: a heading with a
 * button that says whether it is open, and a panel. Its open/closed state is kept in local storage
 * (§2 tools-state), so the panel opens the way the moderator left it.
 */
import { ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { readKey, STORAGE_KEYS, writeKey } from '../../state/storage';

/** The §2 tab names, used as the tools-state keys. */
export type SectionKey = 'BRAND SETTINGS' | 'LOGOS' | 'LOWER THIRDS' | 'TICKERS' | 'IMAGES' | 'VIDEOS' | 'BACKGROUNDS';

export function useSectionOpen(key: SectionKey, fallback: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => readKey(STORAGE_KEYS.toolsState)[key] ?? fallback);
  return [
    open,
    (next) => {
      setOpen(next);
      writeKey(STORAGE_KEYS.toolsState, { ...readKey(STORAGE_KEYS.toolsState), [key]: next });
    },
  ];
}

export function Section({ id, title, count, defaultOpen = false, children }: { id: SectionKey; title: string; count?: number; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useSectionOpen(id, defaultOpen);
  return (
    <Disclosure className="graphics-section" isExpanded={open} onExpandedChange={setOpen} data-section={id}>
      <Heading level={3} className="graphics-section-heading">
        <Button slot="trigger" className="graphics-section-trigger">
          <ChevronRight size={16} aria-hidden className="graphics-section-chevron" />
          <span>{title}</span>
          {count !== undefined && <span className="graphics-section-count">{count}</span>}
        </Button>
      </Heading>
      {/* Mounted only while open: a closed section costs nothing and holds no hidden focus targets. */}
      <DisclosurePanel className="graphics-section-panel">{open && children}</DisclosurePanel>
    </Disclosure>
  );
}
