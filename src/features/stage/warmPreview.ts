/**
 * Entering the studio without a stall (issue 33): what a page's first compositor pays once, paid while
 * the moderator is still on the device check. A throwaway compositor on a detached canvas draws one
 * small frame of a scene with a producer tile, its name tag and a lower third, then is destroyed. That
 * leaves ready for the preview what it would otherwise wait for after ENTER STUDIO:
 * - the renderer choice (a WebGL probe context: 0.2–3 s while Chromium's GPU process is busy);
 * - pixi's batch shader and its WebGL test context (made even for the Canvas 2D renderer);
 * - the template fonts, text measuring and the compositor's code.
 * benchmarks/entry.mjs measures ENTER STUDIO → the preview's first frame.
 */
import { createCompositor } from '../../../compositor/render';
import { channelScene } from '../../../compositor/convert';
import { emptyChannel } from '../../../compositor/model/channel';
import { producerCard } from '../../../compositor/model/producerCard';
import { goOnAir } from '../../../compositor/layout/onAir';
import { createTemplate } from '../../../compositor/templates/schemas';
import { errorMessage, log } from '../../log';

/** Small: the caches it fills do not depend on the size, and a small frame costs little. */
const WARM_WIDTH = 160;
const WARM_HEIGHT = 90;

function warmScene() {
  const card = producerCard({ id: 'warm-up', name: 'Warm Up' });
  const lowerThird = createTemplate('LOWERTHIRD', { id: 'warm-up', primaryText: 'Warm up', secondaryText: 'Warm up', selected: true });
  return channelScene({ ...emptyChannel(), producers: goOnAir([card], card.id), templates: [lowerThird] });
}

let warming: Promise<void> | null = null;

/** Once per page; never fails (a failure only means the preview pays it itself). */
export function warmPreview(): Promise<void> {
  warming ??= (async () => {
    const scene = warmScene();
    const compositor = await createCompositor({
      canvas: document.createElement('canvas'),
      width: WARM_WIDTH,
      height: WARM_HEIGHT,
      source: { getState: () => scene, subscribe: () => () => undefined },
      media: () => null,
    });
    compositor.renderNow();
    compositor.destroy();
  })().catch((e: unknown) => log.warn('preview', `warm-up failed: ${errorMessage(e)}`));
  return warming;
}
