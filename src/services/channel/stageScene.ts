/**
 * The compositor's source (DESIGN: { getState, subscribe }): the channel store seen through
 * selectScene. One source serves the studio's preview and the output page; the output page's test
 * hook can show a fixed scene instead (golden images).
 */
import type { SceneModel } from '../../../compositor/model/scene';
import { selectScene } from '../../state/channel/scene';
import { useStageStore } from '../../state/channel/store';

export function createSceneSource() {
  let fixed: SceneModel | null = null;
  const listeners = new Set<() => void>();
  return {
    getState: (): SceneModel => fixed ?? selectScene(useStageStore.getState().doc),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      let last = useStageStore.getState().doc;
      const off = useStageStore.subscribe((s) => {
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
export const sceneSource = createSceneSource();
