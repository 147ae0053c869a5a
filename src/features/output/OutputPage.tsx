/**
 * The output page ({base}output): the program scene alone, full frame 1920×1080, no UI — what a
 * capture tool or playout would take. In the demo it follows the studio tab over a
 * BroadcastChannel. The moderator's own camera cannot cross tabs and shows as a placeholder.
 */
import { useEffect, useRef } from 'react';
import { createCompositor, type Compositor } from '../../../compositor/render';
import { OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX } from '../../../compositor/model/constants';
import type { SceneModel } from '../../../compositor/model/scene';
import { followStudioStage } from '../../services/outputLink';
import { media } from '../../services/media';
import { backgroundById } from '../../services/predefinedAssets';
import { backgroundKey, selectScene } from '../../state/scene';
import { useStageStore, type StageDoc } from '../../state/stageStore';
import { registerCompositor } from '../../services/compositorRegistry';
import { errorMessage, log } from '../../log';
import { installOutputTestHook } from './outputTestHook';

function loadMediaFor(doc: StageDoc) {
  for (const p of doc.producers) if (p.url && /^(https?:|\/)/.test(p.url)) media.video(p.id, p.url);
  const background = backgroundById(doc.backgroundId);
  if (background) media.image(backgroundKey(background.id), background.url);
}

export function OutputPage() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    document.body.classList.add('output-body');
    let compositor: Compositor | null = null;
    let disposed = false;
    // The scene source: the studio's stage, unless a test hook supplies fixed scenes.
    let fixed: SceneModel | null = null;
    const listeners = new Set<() => void>();
    const source = {
      getState: () => fixed ?? selectScene(useStageStore.getState().doc),
      subscribe: (l: () => void) => {
        listeners.add(l);
        const off = useStageStore.subscribe(l);
        return () => {
          listeners.delete(l);
          off();
        };
      },
    };
    const stopFollowing = followStudioStage((doc) => {
      loadMediaFor(doc);
      useStageStore.setState({ doc });
    });
    createCompositor({ canvas: el, width: OUTPUT_WIDTH_PX, height: OUTPUT_HEIGHT_PX, source, media: media.get, zoom: 1 })
      .then((c) => {
        if (disposed) return c.destroy();
        compositor = c;
        registerCompositor('output', c);
        if (import.meta.env.MODE !== 'production')
          installOutputTestHook(c, (scene) => {
            fixed = scene;
            listeners.forEach((l) => l());
          });
      })
      .catch((e: unknown) => log.warn('output', `compositor failed to start: ${errorMessage(e)}`));
    const unsubscribeMedia = media.subscribe(() => compositor?.invalidateMedia());
    return () => {
      disposed = true;
      stopFollowing();
      unsubscribeMedia();
      registerCompositor('output', null);
      compositor?.destroy();
      document.body.classList.remove('output-body');
    };
  }, []);
  return <canvas ref={canvas} className="output-canvas" width={OUTPUT_WIDTH_PX} height={OUTPUT_HEIGHT_PX} data-testid="output-canvas" aria-label="Program output" />;
}
