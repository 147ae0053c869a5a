/**
 * What only tests and benchmarks use (DESIGN "Folders": src/dev): the studio's test surface, the
 * output page's golden-image hook and the going-live benchmark's test source. The app reaches this
 * module by one dynamic import, only in non-production builds; `bundle-size --check` proves none of
 * it ships.
 */
import type { Compositor } from '../../compositor/render';
import type { SceneModel } from '../../compositor/model/scene';
import { installOutputTestHook, outputClock, outputWallClock } from './outputTestHook';

export { installTestSurface } from './testSurface';
export { installGoliveBench } from './goliveBench';

/** The output page's options outside capture mode: the golden images pin its clocks and draw through its hook. */
export function outputTestOptions() {
  return {
    clock: outputClock,
    wallClock: outputWallClock,
    ready: (c: Compositor, source: { showFixed(scene: SceneModel): void }) => installOutputTestHook(c, source.showFixed),
  };
}
