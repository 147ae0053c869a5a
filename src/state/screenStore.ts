/**
 * The screen and tool state (§3 "Layout state", not the stage's layout): which screen and tool the
 * moderator sees. Session state only: never recorded in undo history nor sent to the channel.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { SidePanel } from './sidePanel';
import { readKey, writeKey, STORAGE_KEYS } from './storage';

/** §2 Demo page phases. */
export type DemoPhase = 'init' | 'haircheck' | 'event';

export interface ScreenState {
  view: DemoPhase;
  /** The init phase's error, shown as 'An error occurred: {message}'. */
  initError: string | null;
  connectingOverlayVisible: boolean;
  eventName: string;
  selectedTool: SidePanel;
  selectedMenu: string | null;
  liveControlsVisible: boolean;
  outputStreams: string[];
  registerPopupVisible: boolean;
  exitDialogOpen: boolean;
  /** The keyboard-shortcut overlay ('?'). */
  shortcutsOpen: boolean;
  /** Title-safe and action-safe frames over the preview (never on the output). */
  safeAreaVisible: boolean;
  /** The vertical (9:16) program shown beside the 16:9 preview (issue 34). */
  verticalVisible: boolean;
  /** The Stats panel (issue 33), non-modal beside the stage, and the output it was opened at (a health chip). */
  statsOpen: boolean;
  statsFocus: string | null;
}

export interface ScreenActions {
  setView(view: DemoPhase): void;
  setInitError(message: string | null): void;
  setConnectingOverlay(visible: boolean): void;
  setEventName(name: string): void;
  /** Clicking the selected tool deselects it (NONE); the choice is remembered. */
  toggleTool(tool: SidePanel): void;
  selectTool(tool: SidePanel): void;
  setLiveControlsVisible(visible: boolean): void;
  showRegisterPopup(): void;
  hideRegisterPopup(): void;
  setExitDialogOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
  toggleSafeArea(): void;
  toggleVertical(): void;
  toggleStats(): void;
  openStats(output?: string): void;
  closeStats(): void;
}

export const initialScreenState = (): ScreenState => ({
  view: 'haircheck',
  initError: null,
  connectingOverlayVisible: false,
  eventName: '',
  selectedTool: 'NONE',
  selectedMenu: null,
  liveControlsVisible: true,
  outputStreams: [],
  registerPopupVisible: false,
  exitDialogOpen: false,
  shortcutsOpen: false,
  safeAreaVisible: false,
  verticalVisible: false,
  statsOpen: false,
  statsFocus: null,
});

export const useScreenStore = create<ScreenState & ScreenActions>()(
  immer((set, get) => ({
    ...initialScreenState(),
    setView: (view) => set((s) => void (s.view = view)),
    setInitError: (message) => set((s) => void (s.initError = message)),
    setConnectingOverlay: (visible) => set((s) => void (s.connectingOverlayVisible = visible)),
    setEventName: (name) => set((s) => void (s.eventName = name)),
    toggleTool: (tool) => get().selectTool(get().selectedTool === tool ? 'NONE' : tool),
    selectTool: (tool) => {
      set((s) => void (s.selectedTool = tool));
      writeKey(STORAGE_KEYS.selectedTool, tool);
    },
    setLiveControlsVisible: (visible) => set((s) => void (s.liveControlsVisible = visible)),
    showRegisterPopup: () => set((s) => void (s.registerPopupVisible = true)),
    hideRegisterPopup: () => set((s) => void (s.registerPopupVisible = false)),
    setExitDialogOpen: (open) => set((s) => void (s.exitDialogOpen = open)),
    setShortcutsOpen: (open) => set((s) => void (s.shortcutsOpen = open)),
    toggleSafeArea: () => set((s) => void (s.safeAreaVisible = !s.safeAreaVisible)),
    toggleVertical: () => set((s) => void (s.verticalVisible = !s.verticalVisible)),
    toggleStats: () => (get().statsOpen ? get().closeStats() : get().openStats()),
    openStats: (output) =>
      set((s) => {
        s.statsOpen = true;
        s.statsFocus = output ?? null;
      }),
    closeStats: () =>
      set((s) => {
        s.statsOpen = false;
        s.statsFocus = null;
      }),
  })),
);

/**
 * The tool shown when the studio opens (§2): the remembered one (unknown values are NONE), except
 * that Graphics opens while the tutorial is not completed.
 */
export function initialToolOnStudioOpen(): SidePanel {
  if (!readKey(STORAGE_KEYS.tutorialCompleted)) return 'GRAPHICS';
  return readKey(STORAGE_KEYS.selectedTool);
}
