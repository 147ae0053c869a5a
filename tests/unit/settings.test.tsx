import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsPanel } from '../../src/features/settings/SettingsPanel';
import { useSettingsStore } from '../../src/state/settingsStore';
import { ECHO_SETTING_DEBOUNCE_MS, SETTINGS_TOGGLE_DEBOUNCE_MS } from '../../src/lib/limits';
import { VIRTUAL_BG_TEXTS } from '../../src/features/settings/VirtualBackgroundPicker';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  useSettingsStore.getState().hydrate();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('Settings (§2, §3, §9)', () => {
  it('broadcast quality: 1080p by default, a choice is saved', async () => {
    const user = setup();
    render(<SettingsPanel />);
    expect(screen.getByRole('radio', { name: /1080p/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /720p/ }));
    expect(JSON.parse(localStorage.getItem('settings')!).broadcastQuality).toBe('720p');
  });

  it('toggles apply after 200 ms; echo cancellation after 400 ms', async () => {
    const user = setup();
    render(<SettingsPanel />);
    await user.click(screen.getByRole('switch', { name: "Turn guests' cameras off" }));
    expect(screen.getByRole('switch', { name: "Turn guests' cameras off" })).toBeChecked();
    expect(useSettingsStore.getState().settings.disableVideoOnGuestEnter).toBe(false);
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(useSettingsStore.getState().settings.disableVideoOnGuestEnter).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Audio' }));
    await user.click(screen.getByRole('switch', { name: 'Echo cancellation' }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(useSettingsStore.getState().settings.echoCancellation).toBe(true);
    act(() => void vi.advanceTimersByTime(ECHO_SETTING_DEBOUNCE_MS - SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(useSettingsStore.getState().settings.echoCancellation).toBe(false);
  });

  it('the ten sound toggles follow the global flag and are kept', async () => {
    const user = setup();
    render(<SettingsPanel />);
    await user.click(screen.getByRole('switch', { name: 'Popup' }));
    expect(JSON.parse(localStorage.getItem('soundToggles')!)).toEqual({ popup: false });
    await user.click(screen.getByRole('switch', { name: 'Play studio sounds' }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(screen.getByRole('switch', { name: 'Exit' })).toBeDisabled();
  });

  it('the selected tab is remembered', async () => {
    const user = setup();
    const { unmount } = render(<SettingsPanel />);
    await user.click(screen.getByRole('tab', { name: 'Camera' }));
    unmount();
    render(<SettingsPanel />);
    expect(screen.getByRole('tab', { name: 'Camera' })).toHaveAttribute('aria-selected', 'true');
  });

  it('virtual background image: disabled until the virtual background is on; a choice is saved', async () => {
    const user = setup();
    render(<SettingsPanel />);
    await user.click(screen.getByRole('tab', { name: 'Camera' }));
    const group = screen.getByRole('group', { name: VIRTUAL_BG_TEXTS.group });
    expect(group).toBeDisabled();
    expect(within(group).getByRole('radio', { name: VIRTUAL_BG_TEXTS.stage })).toBeChecked();
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    await user.click(screen.getByRole('switch', { name: /^Virtual background/ }));
    act(() => void vi.advanceTimersByTime(SETTINGS_TOGGLE_DEBOUNCE_MS));
    expect(group).toBeEnabled();
    await user.click(within(group).getByRole('radio', { name: 'Background 7' }));
    expect(JSON.parse(localStorage.getItem('settings')!)).toMatchObject({ cameraVirtualBgActive: true, cameraVirtualBgImage: 'background-7' });
  });
});
