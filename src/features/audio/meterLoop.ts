/**
 * One animation-frame loop for every level meter on the page (issue 26: meters must not cost frames).
 * A meter registers its element and where its level comes from; each frame the loop eases the bar
 * (src/lib/meterMath) and writes CSS variables and ARIA values straight to the element, only when a
 * lit tile changes: no React render per frame. The loop runs only while a registered meter is on
 * screen, the page is visible and something still moves; a new level sample wakes it.
 */
import { MIC_METER_TILES_STUDIO } from '../../lib/limits';
import { barAfter, nextPeak, NO_PEAK, peakAt, type Peak } from '../../lib/meterMath';
import { litTiles } from '../../lib/micLevel';

interface Meter {
  el: HTMLElement;
  read: () => number;
  bar: number;
  peak: Peak | null;
  lit: number;
  peakLit: number;
  visible: boolean;
}

const meters = new Map<Element, Meter>();
let frame = 0;
let lastTime = 0;

const observer =
  typeof IntersectionObserver === 'undefined'
    ? null
    : new IntersectionObserver((entries) => {
        for (const e of entries) {
          const m = meters.get(e.target);
          if (m) m.visible = e.isIntersecting;
        }
        wakeMeters();
      });

/** Writes what changed; true while the meter still moves (falling bar or peak). */
function draw(m: Meter, now: number, dtMs: number): boolean {
  const level = m.read();
  m.bar = barAfter(m.bar, level, dtMs);
  const lit = litTiles(Math.round(m.bar), MIC_METER_TILES_STUDIO);
  if (lit !== m.lit) {
    m.lit = lit;
    m.el.style.setProperty('--lit', String(lit));
    m.el.setAttribute('aria-valuenow', String(Math.round(m.bar)));
    m.el.dataset.lit = String(lit);
  }
  let peakMoving = false;
  if (m.peak) {
    m.peak = nextPeak(m.peak, level, now);
    const shown = peakAt(m.peak, now);
    const peakLit = litTiles(Math.round(shown), MIC_METER_TILES_STUDIO);
    if (peakLit !== m.peakLit) {
      m.peakLit = peakLit;
      m.el.style.setProperty('--peak', String(peakLit));
      m.el.dataset.peak = String(peakLit);
    }
    peakMoving = shown > 0;
  }
  return m.bar !== level || peakMoving;
}

function tick(now: number): void {
  frame = 0;
  const dt = lastTime ? now - lastTime : 0;
  lastTime = now;
  let moving = false;
  for (const m of meters.values()) if (m.visible && draw(m, now, dt)) moving = true;
  if (moving && !document.hidden) frame = requestAnimationFrame(tick);
  else lastTime = 0;
}

/** Runs the loop for a frame or more, if a meter is on screen (a new sample, a meter shown). */
export function wakeMeters(): void {
  if (frame || document.hidden || typeof requestAnimationFrame === 'undefined') return;
  for (const m of meters.values()) if (m.visible) return void (frame = requestAnimationFrame(tick));
}

if (typeof document !== 'undefined') document.addEventListener('visibilitychange', wakeMeters);

/** Shows `read()` on `el` (with a held peak mark if asked) until the returned stop. */
export function registerMeter(el: HTMLElement, read: () => number, withPeak: boolean): () => void {
  meters.set(el, { el, read, bar: 0, peak: withPeak ? NO_PEAK : null, lit: -1, peakLit: -1, visible: !observer });
  observer?.observe(el);
  wakeMeters();
  return () => {
    observer?.unobserve(el);
    meters.delete(el);
  };
}
