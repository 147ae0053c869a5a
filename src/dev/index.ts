/**
 * What only tests and benchmarks use (DESIGN "Folders": src/dev): the studio's test surface, the
 * output page's golden-image hook and the going-live benchmark's test source. main.tsx reaches this
 * module by one dynamic import, only in non-production builds, and calls `installDev` before the app
 * renders; `bundle-size --check` proves none of it ships.
 */

import { lendOutputDev } from '../lib/outputDev';
import { installFastEntry } from './fastEntry';
import { installGoliveBench } from './goliveBench';
import { installOutputTestHook, outputClock, outputWallClock } from './outputTestHook';
import { installTestSurface } from './testSurface';

export function installDev(): void {
  installTestSurface();
  installFastEntry();
  lendOutputDev({
    testOptions: () => ({ clock: outputClock, wallClock: outputWallClock, ready: (c, source) => installOutputTestHook(c, source.showFixed) }),
    installGoliveBench,
  });
}
