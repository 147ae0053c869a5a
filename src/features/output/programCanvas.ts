/**
 * Draws the program (the program store's scene) on a canvas with the compositor: the output page
 * full frame, a guest's program return smaller. Returns the stop.
 */
import { createCompositor, type Compositor, type CompositorOptions, type FrameRequester } from '../../../compositor/render';
import { media } from '../../services/media/elements';
import type { FrameShape } from '../../../compositor/model/frame';
import { createSceneSource } from '../../services/channel/stageScene';
import { useProgramStore } from '../../state/programStore';
import { registerCompositor } from '../../lib/compositorRegistry';
import { errorMessage, log } from '../../log';

export function startProgramCanvas(canvas: HTMLCanvasElement, o: { width: number; height: number; shape?: FrameShape; name: 'output' | 'return'; ready?(c: Compositor, source: ReturnType<typeof createSceneSource>): void; clock?: () => number; wallClock?: () => number; frames?: FrameRequester; preference?: CompositorOptions['preference'] | undefined }): () => void {
  let compositor: Compositor | null = null;
  let disposed = false;
  const source = createSceneSource(useProgramStore, o.shape);
  createCompositor({ canvas, width: o.width, height: o.height, source, media: media.get, zoom: 1, ...(o.preference ? { preference: o.preference } : {}), ...(o.clock ? { clock: o.clock } : {}), ...(o.wallClock ? { wallClock: o.wallClock } : {}), ...(o.frames ? { frames: o.frames } : {}) })
    .then((c) => {
      if (disposed) return c.destroy();
      compositor = c;
      if (o.name === 'output') registerCompositor('output', c, () => source.getState());
      o.ready?.(c, source);
    })
    .catch((e: unknown) => log.warn(o.name, `compositor failed to start: ${errorMessage(e)}`));
  const unsubscribeMedia = media.subscribe(() => compositor?.invalidateMedia());
  return () => {
    disposed = true;
    unsubscribeMedia();
    if (o.name === 'output') registerCompositor('output', null);
    compositor?.destroy();
  };
}
