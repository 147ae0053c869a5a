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
import { sceneSource, verticalSceneSource } from '../../services/channel/stageScene';
import { LANDSCAPE, type FrameShape } from '../../../compositor/model/frame';
import { errorMessage, log } from '../../log';
import { registerCompositor } from '../../lib/compositorRegistry';

/** The 16:9 preview, or (issue 34) the vertical 9:16 one beside it: the same channel in each shape. */
const SHAPES = {
  '16:9': { source: sceneSource, role: 'preview', aspect: 9 / 16, label: 'Live preview of the program output' },
  '9:16': { source: verticalSceneSource, role: 'vertical', aspect: 16 / 9, label: 'Live preview of the vertical (9:16) program' },
} as const;

export function StagePreview({ shape = LANDSCAPE }: { shape?: FrameShape }) {
  const host = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { source, role, aspect, label } = SHAPES[shape];

  useEffect(() => {
    const el = canvas.current;
    const box = host.current;
    if (!el || !box) return;
    let compositor: Compositor | null = null;
    let disposed = false;
    const size = () => {
      const width = Math.max(16, Math.min(PREVIEW_MAX_WIDTH_PX, Math.round(box.clientWidth)));
      return { width, height: Math.max(9, Math.round(width * aspect)) };
    };
    const { width, height } = size();
    if (role === 'preview') performance.mark('preview:mount');
    createCompositor({ canvas: el, width, height, source, media: media.get, zoom: source.getState().previewZoom })
      .then((c) => {
        if (disposed) return c.destroy();
        compositor = c;
        registerCompositor(role, c, () => source.getState()); // the Stats panel, the HUD and the test surface read it
      })
      .catch((e: unknown) => log.warn('preview', `compositor failed to start: ${errorMessage(e)}`));
    const observer = new ResizeObserver(() => {
      const next = size();
      compositor?.resize(next.width, next.height);
    });
    observer.observe(box);
    const unsubscribeMedia = media.subscribe(() => compositor?.invalidateMedia());
    const unsubscribeZoom = source.subscribe(() => compositor?.setZoom(source.getState().previewZoom));
    return () => {
      disposed = true;
      observer.disconnect();
      unsubscribeMedia();
      unsubscribeZoom();
      registerCompositor(role, null);
      compositor?.destroy();
    };
  }, [source, role, aspect]);

  return (
    <div ref={host} className="stage-canvas-host" data-testid={role === 'preview' ? 'stage-preview' : 'stage-preview-vertical'}>
      <canvas ref={canvas} className="stage-canvas" aria-label={label} role="img" />
    </div>
  );
}
