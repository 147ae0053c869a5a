/**
 * The live preview (§2): a 16:9 canvas, at most 1600 px wide, drawn by the compositor from the
 * same SceneModel the output page draws. Hosted with a plain canvas and an effect rather than
 * @pixi/react's <Application>: the compositor renders on demand from the store and must not be
 * re-driven by React renders.
 */
import { useEffect, useRef } from 'react';
import { createCompositor, type Compositor } from '../../../compositor/render';
import { PREVIEW_MAX_WIDTH_PX } from '../../../compositor/model/constants';
import { media } from '../../services/media/elements';
import { sceneSource } from '../../services/channel/stageScene';
import { errorMessage, log } from '../../log';
import { registerCompositor } from '../../lib/compositorRegistry';

export function StagePreview() {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current;
    const box = host.current;
    if (!el || !box) return;
    let compositor: Compositor | null = null;
    let disposed = false;
    const size = () => {
      const width = Math.min(PREVIEW_MAX_WIDTH_PX, Math.round(box.clientWidth));
      return { width: Math.max(16, width), height: Math.max(9, Math.round((width * 9) / 16)) };
    };
    const { width, height } = size();
    performance.mark('preview:mount');
    createCompositor({ canvas: el, width, height, source: sceneSource, media: media.get, zoom: sceneSource.getState().previewZoom })
      .then((c) => {
        if (disposed) return c.destroy();
        compositor = c;
        registerCompositor('preview', c, () => sceneSource.getState()); // the Stats panel, the HUD and the test surface read it
      })
      .catch((e: unknown) => log.warn('preview', `compositor failed to start: ${errorMessage(e)}`));
    const observer = new ResizeObserver(() => {
      const next = size();
      compositor?.resize(next.width, next.height);
    });
    observer.observe(box);
    const unsubscribeMedia = media.subscribe(() => compositor?.invalidateMedia());
    const unsubscribeZoom = sceneSource.subscribe(() => compositor?.setZoom(sceneSource.getState().previewZoom));
    return () => {
      disposed = true;
      observer.disconnect();
      unsubscribeMedia();
      unsubscribeZoom();
      registerCompositor('preview', null);
      compositor?.destroy();
    };
  }, []);

  return (
    <div ref={host} className="stage-canvas-host" data-testid="stage-preview">
      <canvas ref={canvas} className="stage-canvas" aria-label="Live preview of the program output" role="img" />
    </div>
  );
}
