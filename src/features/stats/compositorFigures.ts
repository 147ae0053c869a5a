/**
 * This tab's compositor figures for the Stats panel and the HUD (issue 33), read a few times a second
 * from the registry: the frame window's summary, plus uploads and text rasters per second from the
 * counters' change since the last read.
 */
import { useEffect, useState } from 'react';
import type { SceneModel } from '../../../compositor/model/scene';
import type { FrameWindowSummary } from '../../../compositor/render';
import { runningCompositor, type CompositorRole } from '../../lib/compositorRegistry';

export interface CompositorFigures extends FrameWindowSummary {
  /** Frames drawn since the compositor started (moves while anything draws). */
  framesTotal: number;
  videoUploadsPerSec: number;
  textRastersPerSec: number;
  idleDraws: number;
  layers: number;
}

/** The scene's layers: background, each producer, the foreground and each graphic. */
export const sceneLayerCount = (scene: SceneModel): number => 1 + scene.producers.length + (scene.foreground ? 1 : 0) + (scene.templates?.length ?? 0);

interface Counters {
  at: number;
  uploads: number;
  rasters: number;
}

const perSecond = (delta: number, ms: number): number => (ms > 0 ? Math.round((delta * 10_000) / ms) / 10 : 0);

/** One read: null while the role has no compositor. `last` carries the counters between reads. */
export function readFigures(role: CompositorRole, last: { current: Counters | null }, now = performance.now()): CompositorFigures | null {
  const running = runningCompositor(role);
  if (!running) return null;
  const stats = running.compositor.stats();
  const prev = last.current;
  last.current = { at: now, uploads: stats.videoUploads, rasters: stats.textRasters };
  return {
    ...running.compositor.frameWindow(now),
    framesTotal: stats.frames,
    videoUploadsPerSec: prev ? perSecond(stats.videoUploads - prev.uploads, now - prev.at) : 0,
    textRastersPerSec: prev ? perSecond(stats.textRasters - prev.rasters, now - prev.at) : 0,
    idleDraws: stats.idleDraws,
    layers: sceneLayerCount(running.scene()),
  };
}

/** Re-reads every `everyMs` while mounted. */
export function useCompositorFigures(role: CompositorRole, everyMs: number): CompositorFigures | null {
  const [figures, setFigures] = useState<CompositorFigures | null>(null);
  useEffect(() => {
    const last = { current: null as Counters | null };
    const read = () => setFigures(readFigures(role, last));
    read();
    const timer = setInterval(read, everyMs);
    return () => clearInterval(timer);
  }, [role, everyMs]);
  return figures;
}
