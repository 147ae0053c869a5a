/** Issue 26, actions answer everywhere: camera sliders and switches, the gain slider and the sound-effect switches say what they did. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { tellSettled } from '../../src/state/feedback';
import { useAlertsStore } from '../../src/state/alertsStore';
import { useAnnouncerStore } from '../../src/state/announcer';
import { useSettingsStore } from '../../src/state/settingsStore';
import { SETTINGS_TOGGLE_DEBOUNCE_MS, SLIDER_ANSWER_SETTLE_MS } from '../../src/lib/limits';
import { CameraSettings } from '../../src/features/settings/CameraSettings';
import { AudioSettings } from '../../src/features/settings/AudioSettings';
import { GeneralSettings } from '../../src/features/settings/GeneralSettings';

const toasts = () => useAlertsStore.getState().infos.filter((m) => m.action).map((m) => m.text);
const said = () => useAnnouncerStore.getState().message;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useSettingsStore.getState().hydrate();
  useAlertsStore.setState({ infos: [] });
  useAnnouncerStore.setState({ message: '', seq: 0 });
});
afterEach(() => vi.useRealTimers());

describe('tellSettled: a slider answers once, with its final value', () => {
  it('says nothing while the steps come, then the last text once SLIDER_ANSWER_SETTLE_MS after the last step', () => {
    expect(SLIDER_ANSWER_SETTLE_MS).toBe(600);
    for (const v of [5, 6, 7, 8]) {
      tellSettled('blur', `Blur strength: ${v}`);
      vi.advanceTimersByTime(SLIDER_ANSWER_SETTLE_MS - 100);
    }
    expect(toasts()).toEqual([]);
    vi.advanceTimersByTime(99);
    expect(toasts()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(toasts()).toEqual(['Blur strength: 8']);
    expect(said()).toBe('Blur strength: 8');
    expect(useAnnouncerStore.getState().seq).toBe(1);
  });

  it('two sliders settle apart', () => {
    tellSettled('a', 'Blur strength: 3');
    tellSettled('b', 'Microphone gain: 12');
    vi.advanceTimersByTime(SLIDER_ANSWER_SETTLE_MS);
    expect(useAnnouncerStore.getState().seq).toBe(2);
  });
});

describe('the settings panels answer', () => {
  it('Camera: the blur switch and the blur strength slider (debounced: the final value once)', () => {
    render(<CameraSettings />);
    fireEvent.click(screen.getByRole('switch', { name: 'Blur my camera' }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(toasts()).toEqual(['Blur my camera: on']);
    const slider = screen.getByRole('slider', { name: /^Blur strength/ });
    for (const value of ['6', '7', '8']) {
      fireEvent.change(slider, { target: { value } });
      act(() => void vi.advanceTimersByTime(100));
    }
    expect(useSettingsStore.getState().settings.cameraBlurRange).toBe(8); // applied at once
    expect(toasts()).toEqual(['Blur my camera: on']);
    act(() => void vi.advanceTimersByTime(SLIDER_ANSWER_SETTLE_MS));
    expect(toasts()).toEqual(['Blur strength: 8']);
    expect(said()).toBe('Blur strength: 8');
  });

  it('Camera: the virtual background switch and its image', () => {
    render(<CameraSettings />);
    fireEvent.click(screen.getByRole('switch', { name: /^Virtual background/ }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(toasts()).toEqual(['Virtual background: on']);
    const radios = screen.getAllByRole('radio');
    fireEvent.click(radios[1]!);
    expect(toasts()).toEqual([`Virtual background image: ${radios[1]!.getAttribute('aria-label')}`]);
  });

  it('Audio: the microphone gain slider', () => {
    render(<AudioSettings />);
    fireEvent.click(screen.getByRole('switch', { name: 'Automatic gain' }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    const slider = screen.getByRole('slider', { name: /^Microphone gain/ });
    fireEvent.change(slider, { target: { value: '14' } });
    fireEvent.change(slider, { target: { value: '15' } });
    act(() => void vi.advanceTimersByTime(SLIDER_ANSWER_SETTLE_MS));
    expect(toasts()).toEqual(['Microphone gain: 15']);
  });

  it('General: a sound effect’s switch', () => {
    render(<GeneralSettings />);
    fireEvent.click(screen.getByRole('switch', { name: 'Go live' }));
    expect(useSettingsStore.getState().soundToggles.goLive).toBe(false);
    expect(toasts()).toEqual(['Go live sound: off']);
    expect(said()).toBe('Go live sound: off');
    fireEvent.click(screen.getByRole('switch', { name: 'Go live' }));
    expect(toasts()).toEqual(['Go live sound: on']);
  });
});
