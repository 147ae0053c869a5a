/**
 * What src/dev lends the output page outside production (the golden images' pinned clocks and
 * drawing hook, the going-live benchmark's test source). main.tsx, the one place that imports src/dev
 * (dynamically, never in a production build), lends it before the app renders; in production nothing
 * is lent and the output page draws in real time.
 */
import type { Compositor } from '../../compositor/render';
import type { SceneModel } from '../../compositor/model/scene';

export interface OutputDev {
  /** Outside capture mode: the clocks the golden images pin, and their drawing hook. */
  testOptions(): { clock(): number; wallClock(): number; ready(c: Compositor, source: { showFixed(scene: SceneModel): void }): void };
  /** In capture mode: the benchmark's test source, idle unless its producer card is on air; returns its stop. */
  installGoliveBench(c: Compositor, size: { width: number; height: number }): () => void;
}

let lent: OutputDev | null = null;

export function lendOutputDev(dev: OutputDev): void {
  lent = dev;
}

export const outputDev = (): OutputDev | null => lent;
