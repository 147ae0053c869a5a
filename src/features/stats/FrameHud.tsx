/**
 * The frame-budget HUD (issue 33): `?hud=1` on the studio and the output page. A DOM overlay with its
 * own small canvas, never drawn into the compositor's: the program's pixels, and what the capture
 * records, are untouched (the capture page shows none: see OutputPage). A strip of the last frame
 * times against the 16.7 and 33.3 ms budgets, fps and the scene's layer count.
 */
import { useEffect, useRef, useState } from 'react';
import { FRAME_BUDGET_30_MS, FRAME_BUDGET_60_MS } from '../../../compositor/model/constants';
import { FRAME_WINDOW_CAPACITY } from '../../../compositor/render/frameWindow';
import { COMPOSITOR_METRICS as C } from '../../lib/metricNames';
import { runningCompositor, type CompositorRole } from '../../lib/compositorRegistry';
import { readFigures, type CompositorFigures } from './compositorFigures';
import { STATS_TEXTS as T } from './texts';
import './hud.css';

/** `?hud=1` in the page's address. */
export const hudRequested = (search = typeof location === 'undefined' ? '' : location.search): boolean => new URLSearchParams(search).get('hud') === '1';

const HUD_REFRESH_MS = 250;
/** The last 60 frames, 2 px each, the newest at the right edge. */
const STRIP_FRAMES = 60;
const BAR_PX = 2;
const STRIP_W = STRIP_FRAMES * BAR_PX;
const STRIP_H = 40;
/** The strip's full height, in ms: twice the 30 fps budget. */
const STRIP_SCALE_MS = 2 * FRAME_BUDGET_30_MS;

/** A bar's top; every frame shows at least 2 px (a 1 ms frame is a frame too). */
const y = (ms: number) => STRIP_H - Math.max(2, Math.min(STRIP_H, (ms / STRIP_SCALE_MS) * STRIP_H));

function drawStrip(ctx: CanvasRenderingContext2D, times: Float64Array, n: number): void {
  ctx.clearRect(0, 0, STRIP_W, STRIP_H);
  const from = Math.max(0, n - STRIP_FRAMES);
  const left = STRIP_W - (n - from) * BAR_PX;
  for (let i = from; i < n; i += 1) {
    const ms = times[i]!;
    ctx.fillStyle = ms > FRAME_BUDGET_30_MS ? '#ff6b6b' : ms > FRAME_BUDGET_60_MS ? '#f5b945' : '#4cc38a';
    const top = y(ms);
    ctx.fillRect(left + (i - from) * BAR_PX, top, BAR_PX - 0.5, STRIP_H - top);
  }
  for (const [budget, colour] of [
    [FRAME_BUDGET_60_MS, '#f5b945'],
    [FRAME_BUDGET_30_MS, '#ff6b6b'],
  ] as const) {
    ctx.fillStyle = colour;
    ctx.fillRect(0, Math.round(y(budget)), STRIP_W, 1);
  }
}

export function FrameHud({ role }: { role: CompositorRole }) {
  const strip = useRef<HTMLCanvasElement>(null);
  const [figures, setFigures] = useState<CompositorFigures | null>(null);
  useEffect(() => {
    const times = new Float64Array(FRAME_WINDOW_CAPACITY);
    const last = { current: null as Parameters<typeof readFigures>[1]['current'] };
    const read = () => {
      setFigures(readFigures(role, last));
      const running = runningCompositor(role);
      const ctx = strip.current?.getContext('2d');
      if (running && ctx) drawStrip(ctx, times, running.compositor.recentFrameMs(times));
    };
    read();
    const timer = setInterval(read, HUD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [role]);
  return (
    <div className="frame-hud" data-testid="frame-hud" aria-label={T.hudLabel} role="group">
      <canvas ref={strip} className="frame-hud-strip" width={STRIP_W} height={STRIP_H} aria-hidden />
      <div className="frame-hud-figures">
        <span data-metric={C.fps.name}>{figures ? figures.fps.toFixed(1) : '–'} fps</span>
        <span data-metric={C.frameMsP95.name}>p95 {figures ? figures.frameMs.p95.toFixed(1) : '–'} ms</span>
        <span data-metric={C.layers.name}>{figures ? figures.layers : '–'} layers</span>
      </div>
    </div>
  );
}
