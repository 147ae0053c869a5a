/**
 * Welcome overlay (steps 0..2) and coachmark tour (4 steps) of §2 and §4 Welcome/tour. DONE marks
 * the tutorial completed; the close icon and MAYBE LATER do not.
 */
import { create } from 'zustand';
import { readKey, STORAGE_KEYS, writeKey } from './storage';

export const WELCOME_STEPS = 3;
export const TOUR_STEPS = 4;

export interface TourState {
  welcomeStep: number | null;
  tourStep: number | null;
}

export const useTourStore = create<TourState>()(() => ({ welcomeStep: null, tourStep: null }));

const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n));

export const tourActions = {
  /** Shows the welcome if the tutorial is not completed (§2). */
  openWelcomeIfNew(): void {
    if (!readKey(STORAGE_KEYS.tutorialCompleted)) useTourStore.setState({ welcomeStep: 0, tourStep: null });
  },
  welcomeNext(): void {
    useTourStore.setState((s) => (s.welcomeStep === null ? s : { welcomeStep: clamp(s.welcomeStep + 1, WELCOME_STEPS) }));
  },
  welcomeGoTo(step: number): void {
    useTourStore.setState((s) => (s.welcomeStep === null ? s : { welcomeStep: clamp(step, WELCOME_STEPS) }));
  },
  startTour(): void {
    useTourStore.setState({ welcomeStep: null, tourStep: 0 });
  },
  /** MAYBE LATER: closes the welcome, nothing further. */
  maybeLater(): void {
    useTourStore.setState({ welcomeStep: null });
  },
  tourNext(): void {
    useTourStore.setState((s) => (s.tourStep === null ? s : { tourStep: clamp(s.tourStep + 1, TOUR_STEPS) }));
  },
  tourPrevious(): void {
    useTourStore.setState((s) => (s.tourStep === null ? s : { tourStep: clamp(s.tourStep - 1, TOUR_STEPS) }));
  },
  /** DONE: the tour is completed and remembered. */
  tourDone(): void {
    writeKey(STORAGE_KEYS.tutorialCompleted, true);
    useTourStore.setState({ tourStep: null });
  },
  /** The close icon: closes without marking completion. */
  tourClose(): void {
    useTourStore.setState({ tourStep: null });
  },
};
