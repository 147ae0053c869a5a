/**
 * The compositor's source (DESIGN: { getState, subscribe }): a channel document's store seen
 * through selectScene: the studio's editing store for the preview, the program store for the output
 * page and a guest's return. The output page's test hook can show a fixed scene instead (golden images).
 */
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { SceneModel } from '../../../compositor/model/scene';
import { LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';
import { selectScene } from '../../state/channel/scene';
import { useChannelStore } from '../../state/channel/store';

/** A zustand store (or anything shaped like one) holding a channel document. */
export interface DocStore {
  getState(): { doc: ChannelDoc };
  subscribe(listener: (state: { doc: ChannelDoc }) => void): () => void;
}

/** The scene of `store`'s document in `shape` (the program's 16:9 unless said, issue 34). */
export function createSceneSource(store: DocStore, shape: FrameShape = LANDSCAPE) {
  let fixed: SceneModel | null = null;
  const listeners = new Set<() => void>();
  return {
    getState: (): SceneModel => fixed ?? selectScene(store.getState().doc, shape),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      let last = store.getState().doc;
      const off = store.subscribe((s) => {
        if (s.doc === last) return;
        last = s.doc;
        listener();
      });
      return () => {
        listeners.delete(listener);
        off();
      };
    },
    /** Draws `scene` instead of the stage until called with null. */
    showFixed(scene: SceneModel | null): void {
      fixed = scene;
      listeners.forEach((l) => l());
    },
  };
}

/** The studio preview's source. */
export const sceneSource = createSceneSource(useChannelStore);
/** The studio's vertical preview's source: the same channel in 9:16 (issue 34). */
export const verticalSceneSource = createSceneSource(useChannelStore, PORTRAIT);
