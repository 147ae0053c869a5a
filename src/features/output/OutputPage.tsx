/**
 * The output page ({base}output): the program scene alone, full frame 1920×1080, no UI — what a
 * capture tool or playout would take. In backend mode it follows the channel with the output link's
 * token; in the demo, the studio tab over a BroadcastChannel. The moderator's own camera is not
 * sent anywhere yet (that comes with real guests over WebRTC) and shows as a placeholder.
 */
import { useEffect, useRef, useState } from 'react';
import { createCompositor, type Compositor } from '../../../compositor/render';
import { OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX } from '../../../compositor/model/constants';
import { followStudioStage, outputLinkParams } from '../../services/outputLink';
import { backend } from '../../state/backend';
import { channelFromBody } from '../../../compositor/convert';
import { currentDoc } from '../../state/channel/store';
import { OUTPUT_TEXTS } from './texts';
import { media } from '../../services/media';
import { createSceneSource } from '../../services/stageScene';
import { watchChannelMedia } from '../../services/channelMedia';
import { useStageStore } from '../../state/channel/store';
import { registerCompositor } from '../../services/compositorRegistry';
import { errorMessage, log } from '../../log';
import { installOutputTestHook, outputClock } from './outputTestHook';

/**
 * Where the program comes from: in backend mode the channel itself, read with the link's output
 * token over REST and followed on the studio socket (any machine); in the demo, the studio tab of
 * this browser. `refused` says why nothing can be shown.
 */
function followProgram(refused: (message: string) => void): () => void {
  const service = backend().channel;
  if (service.kind === 'relay') return followStudioStage((doc) => useStageStore.setState({ doc }));
  const link = outputLinkParams();
  if (!link || !link.token) {
    refused(OUTPUT_TEXTS.missingToken);
    return () => undefined;
  }
  return service.followReadOnly(link.channel, link.token, {
    channel(body) {
      const parsed = channelFromBody(body, currentDoc());
      if (parsed) useStageStore.setState({ doc: parsed.doc });
    },
    refused: (message) => refused(`${OUTPUT_TEXTS.refused} ${message}`),
  });
}

export function OutputPage() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    document.body.classList.add('output-body');
    let compositor: Compositor | null = null;
    let disposed = false;
    const source = createSceneSource();
    const stopFollowing = followProgram(setRefusal);
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
  return (
    <>
      <canvas ref={canvas} className="output-canvas" width={OUTPUT_WIDTH_PX} height={OUTPUT_HEIGHT_PX} data-testid="output-canvas" aria-label="Program output" />
      {refusal && (
        <div className="output-refused" role="alert" data-testid="output-refused">
          {refusal}
        </div>
      )}
    </>
  );
}
