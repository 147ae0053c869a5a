/**
 * The output page ({base}output): the program scene alone, full frame 1920×1080 (with `?format=9:16`
 * the vertical program, 1080×1920, issue 34), no UI — what a capture tool or playout would take. A read-only follower of the channel's room: in backend mode
 * with the output link's token, receiving the people on air from the meeting
 * (services/meeting/programMedia.ts); in the demo, the room of this browser's studio tabs.
 */
import { useEffect, useRef, useState } from 'react';
import { FRAME_SIZES } from '../../../compositor/model/frame';
import { outputLinkParams } from '../../services/channel/outputLink';
import { backend } from '../../state/backend';
import { followProgram } from '../../services/meeting/followProgram';
import { OUTPUT_TEXTS } from './texts';
import { watchChannelMedia } from '../../services/media/channelMedia';
import { useProgramStore } from '../../state/programStore';
import { startProgramCanvas } from './programCanvas';
import { captureParams, captureSize, startCapture } from './capture';
import { heldFrames } from '../../../compositor/render';
import { outputRenderer, outputShape } from '../../lib/captureContract';
import { outputDev } from '../../lib/outputDev';
import { FrameHud, hudRequested } from '../stats/FrameHud';

/** Follows the program from the link's channel (the demo's output page has none: it follows this browser's tabs). */
function followOutput(refused: (message: string) => void): () => void {
  return followProgram(backend(), outputLinkParams(), {
    refused: (message) => refused(message === null ? OUTPUT_TEXTS.missingToken : `${OUTPUT_TEXTS.refused} ${message}`),
  });
}

/** Capture mode (the backend's capture worker) draws at the broadcast quality's size; otherwise full 1080p, in the link's shape. */
const capture = captureParams();
const shape = outputShape(location.search);
const size = capture ? captureSize(capture, shape) : FRAME_SIZES[shape];
/** ?hud=1 (issue 33): an overlay in the page, never in the canvas; the capture page shows none. */
const hud = hudRequested() && capture === null;

export function OutputPage() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    document.body.classList.add('output-body');
    const stopFollowing = followOutput(setRefusal);
    const stopMedia = watchChannelMedia(useProgramStore);
    let stopCapture = () => undefined as void;
    let stopBench = () => undefined as void;
    const dev = outputDev(); // null in production
    const stopCanvas = startProgramCanvas(el, {
      ...size,
      name: 'output',
      shape,
      preference: outputRenderer(location.search, capture !== null),
      // Outside production the golden images pin the clock (a ticker at a known offset); in production it is real time.
      ...(dev && !capture ? dev.testOptions() : {}),
      ...(capture
        ? {
            // The capture's frame clock draws every frame (capture.ts): the compositor draws none of its own.
            frames: heldFrames(),
            ready: (c) => {
              stopCapture = startCapture(el, c, capture);
              // The going-live benchmark's test source (benchmarks/golive.mjs), outside production only:
              // idle unless the program has the benchmark's producer card on air.
              if (dev) stopBench = dev.installGoliveBench(c, size);
            },
          }
        : {}),
    });
    return () => {
      stopBench();
      stopCapture();
      stopFollowing();
      stopMedia();
      stopCanvas();
      document.body.classList.remove('output-body');
    };
  }, []);
  return (
    <>
      <canvas ref={canvas} className="output-canvas" width={size.width} height={size.height} data-testid="output-canvas" aria-label="Program output" />
      {hud && (
        <div className="output-hud-host">
          <FrameHud role="output" />
        </div>
      )}
      {refusal && (
        <div className="output-refused" role="alert" data-testid="output-refused">
          {refusal}
        </div>
      )}
    </>
  );
}
