/** A panel's selected tab, remembered in local storage (§2: selected tabs remembered locally). */
import { useCallback, useState } from 'react';
import { readKey, STORAGE_KEYS, writeKey } from '../state/storage';

export function usePersistedTab<T extends string>(panel: string, values: readonly T[], fallback: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readKey(STORAGE_KEYS.selectedTabs)[panel];
    return values.includes(stored as T) ? (stored as T) : fallback;
  });
  const select = useCallback(
    (next: T) => {
      setValue(next);
      writeKey(STORAGE_KEYS.selectedTabs, { ...readKey(STORAGE_KEYS.selectedTabs), [panel]: next });
    },
    [panel],
  );
  // A stored tab that is no longer offered (e.g. Incoming while auto-approve is on) falls back.
  return [values.includes(value) ? value : fallback, select];
}
