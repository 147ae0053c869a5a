/** Live audio levels 0..10 per producer (session state: never saved, never in history). */
import { create } from 'zustand';

export const SPEAKING_THRESHOLD = 3;

export const useAudioLevels = create<{ levels: Record<string, number> }>()(() => ({ levels: {} }));

export const isSpeaking = (level: number | undefined) => (level ?? 0) >= SPEAKING_THRESHOLD;

/** On-air people who made no sound for SILENT_ON_AIR_MS (services/media/silenceWatch keeps it). */
export const useSilentOnAir = create<{ ids: readonly string[] }>()(() => ({ ids: [] }));

/**
 * The shared foreground video's sound (0..10) as the program plays it: the part of the program
 * that is not a person (services/media/programMediaLevel samples it every §9 333 ms; 0 without one).
 */
export const useProgramMediaLevel = create<{ level: number }>()(() => ({ level: 0 }));
