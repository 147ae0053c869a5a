/**
 * The output page ({base}output): the program scene alone, full frame 1920×1080, no UI — what a
 * capture tool or playout would take. In backend mode it follows the channel with the output link's
 * token, and receives the people on air from the meeting (services/meeting/programMedia.ts); in the
 * demo, the studio tab over a BroadcastChannel.
 */
import { useEffect, useRef, useState } from 'react';
import { OUTPUT_HEIGHT_PX, OUTPUT_WIDTH_PX } from '../../../compositor/model/constants';
import { followStudioStage, outputLinkParams } from '../../services/channel/outputLink';
import { backend } from '../../state/backend';
import { followProgram } from '../../services/meeting/followProgram';
import { OUTPUT_TEXTS } from './texts';
import { watchChannelMedia } from '../../services/media/channelMedia';
import { useStageStore } from '../../state/channel/store';
import { startProgramCanvas } from './programCanvas';
import { installOutputTestHook, outputClock } from './outputTestHook';

/**
 * Where the program comes from: in backend mode the channel itself, read with the link's output
 * token over REST and followed on the studio socket (any machine); in the demo, the studio tab of
 * this browser. `refused` says why nothing can be shown.
 */
function followOutput(refused: (message: string) => void): () => void {
  const service = backend().channel;
  if (service.kind === 'relay') return followStudioStage((doc) => useStageStore.setState({ doc }));
  const link = outputLinkParams();
  if (!link || !link.token) {
    refused(OUTPUT_TEXTS.missingToken);
    return () => undefined;
  }
  return followProgram(backend(), link.channel, link.token, {
    show: (doc) => useStageStore.setState({ doc }),
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
    const stopFollowing = followOutput(setRefusal);
    const stopMedia = watchChannelMedia();
    // Outside production the golden images pin the clock (a ticker at a known offset); in production it is real time.
    const testing = import.meta.env.MODE !== 'production';
    const stopCanvas = startProgramCanvas(el, {
      width: OUTPUT_WIDTH_PX,
      height: OUTPUT_HEIGHT_PX,
      name: 'output',
      ...(testing ? { clock: outputClock, ready: (c, source) => installOutputTestHook(c, source.showFixed) } : {}),
    });
    return () => {
      stopFollowing();
      stopMedia();
      stopCanvas();
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
