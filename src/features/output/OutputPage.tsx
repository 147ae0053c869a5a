/**
 * The output page ({base}output): the program scene alone, full frame 1920×1080, no UI — what a
 * capture tool or playout would take. In the demo it follows the studio tab over a
 * BroadcastChannel. The moderator's own camera cannot cross tabs and shows as a placeholder.
 */
import { useEffect, useRef } from 'react';
import { createCompositor, type Compositor } from '../../../compositor/render';
import { OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX } from '../../../compositor/model/constants';
import { followStudioStage } from '../../services/outputLink';
import { media } from '../../services/media';
import { createSceneSource } from '../../services/stageScene';
import { watchChannelMedia } from '../../services/channelMedia';
import { useStageStore } from '../../state/channel/store';
import { registerCompositor } from '../../services/compositorRegistry';
import { errorMessage, log } from '../../log';
import { installOutputTestHook, outputClock } from './outputTestHook';

export function OutputPage() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    document.body.classList.add('output-body');
    let compositor: Compositor | null = null;
    let disposed = false;
    const source = createSceneSource();
    const stopFollowing = followStudioStage((doc) => useStageStore.setState({ doc }));
    const stopMedia = watchChannelMedia();
    // Outside production the golden images pin the clock (a ticker at a known offset); in production it is real time.
    const clock = import.meta.env.MODE !== 'production' ? { clock: outputClock } : {};
    createCompositor({ canvas: el, width: OUTPUT_WIDTH_PX, height: OUTPUT_HEIGHT_PX, source, media: media.get, zoom: 1, ...clock })
      .then((c) => {
        if (disposed) return c.destroy();
        compositor = c;
        registerCompositor('output', c);
        if (import.meta.env.MODE !== 'production')
          installOutputTestHook(c, source.showFixed);
      })
      .catch((e: unknown) => log.warn('output', `compositor failed to start: ${errorMessage(e)}`));
    const unsubscribeMedia = media.subscribe(() => compositor?.invalidateMedia());
    return () => {
      disposed = true;
      stopFollowing();
      stopMedia();
      unsubscribeMedia();
      registerCompositor('output', null);
      compositor?.destroy();
      document.body.classList.remove('output-body');
    };
  }, []);
  return <canvas ref={canvas} className="output-canvas" width={OUTPUT_WIDTH_PX} height={OUTPUT_HEIGHT_PX} data-testid="output-canvas" aria-label="Program output" />;
}
