/**
 * What a foreground video does when it ends with loop off (ours: §4 says only what a loop does). By
 * default it leaves the program, so the audience is never left on a frozen frame; a video can hold
 * its last frame instead (a closing slate). Chosen per video and remembered in local storage.
 */
import { create } from 'zustand';
import { VIDEO_END_HOLD_MAX } from '../../lib/limits';
import { readKey, STORAGE_KEYS, writeKey } from '../storage';

export type VideoEndAction = 'leave' | 'hold';
export const VIDEO_END_ACTIONS: readonly VideoEndAction[] = ['leave', 'hold'];
export const DEFAULT_VIDEO_END: VideoEndAction = 'leave';

interface VideoEndState {
  /** Ids of the videos that hold their last frame, oldest choice first. */
  held: readonly string[];
}

export const useVideoEndStore = create<VideoEndState>()(() => ({ held: readKey(STORAGE_KEYS.videoEndHold) }));

export const videoEndOf = (id: string, state: VideoEndState = useVideoEndStore.getState()): VideoEndAction => (state.held.includes(id) ? 'hold' : DEFAULT_VIDEO_END);

export function setVideoEnd(id: string, action: VideoEndAction): void {
  const others = useVideoEndStore.getState().held.filter((v) => v !== id);
  const held = (action === 'hold' ? [...others, id] : others).slice(-VIDEO_END_HOLD_MAX);
  useVideoEndStore.setState({ held });
  writeKey(STORAGE_KEYS.videoEndHold, held);
}
