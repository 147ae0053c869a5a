/**
 * A setting shown at once and committed after its §9 debounce (toggles 200 ms, echo 400 ms), so a
 * burst of clicks applies (and re-opens the microphone) once. With a label, a committed on/off
 * change says what it did ('Echo cancellation: off').
 */
import { useEffect, useRef, useState } from 'react';
import { useSettingsStore, type Settings } from '../../state/settingsStore';
import { tellDone } from '../../state/feedback';

export const settingText = (label: string, on: boolean) => `${label}: ${on ? 'on' : 'off'}`;
/** What a slider's final value says ('Blur strength: 7'). */
export const sliderText = (label: string, value: number) => `${label}: ${value}`;
/** A sound effect's own switch ('Go live sound: off'). */
export const soundToggleText = (effect: string, on: boolean) => settingText(`${effect} sound`, on);

export function useDebouncedSetting<K extends keyof Settings>(key: K, delayMs: number, label?: string): [Settings[K], (v: Settings[K]) => void] {
  const stored = useSettingsStore((s) => s.settings[key]);
  const [shown, setShown] = useState(stored);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setShown(stored), [stored]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const set = (value: Settings[K]) => {
    setShown(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const before = useSettingsStore.getState().settings[key];
      useSettingsStore.getState().update({ [key]: value } as Partial<Settings>);
      if (label && typeof value === 'boolean' && before !== value) tellDone(settingText(label, value));
    }, delayMs);
  };
  return [shown, set];
}
