/** The compositor's source: the stage store seen through selectScene (DESIGN: { getState, subscribe }). */
import type { SceneModel } from '../../compositor/model/scene';
import { selectScene } from '../state/scene';
import { useStageStore } from '../state/stageStore';

export const sceneSource = {
  getState: (): SceneModel => selectScene(useStageStore.getState().doc),
  subscribe(listener: () => void): () => void {
    let last = useStageStore.getState().doc;
    return useStageStore.subscribe((s) => {
      if (s.doc === last) return;
      last = s.doc;
      listener();
    });
  },
};
