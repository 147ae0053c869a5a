/**
 * §4 Layout availability: which layout codes the toolbar offers, and which layout is actually drawn
 * for a requested one.
 *
 * How the SPEC's two kinds of rules combine (the SPEC lists them without saying):
 * - `liveCount` counts every live card shown (at most 9), a live content share included: it is a
 *   layer on stage like the others, and counting it keeps "content share + 1 guest" (2) in CINEMA.
 * - Substitution rules ("Split becomes Cover", …) are applied repeatedly until nothing changes, so
 *   chains resolve (content share, 1 live, PIP → COVER → CINEMA → CLASSIC). There is no cycle:
 *   every chain ends in CLASSIC or in a code no rule touches.
 * - Offering rules ("Split only for 3 to 5", …) then decide the rest: a requested code that is still
 *   not offered (SPLIT or SIDEBYSIDE with 6+ live) falls back to CLASSIC, the §3 default layout.
 * - The toolbar shows a code unless a rule hides it (COVER with a content share) and enables it only
 *   when choosing it would draw exactly that layout, so a button never leads somewhere else.
 * The store keeps the requested code; the drawn one is derived, so going from 6 live back to 5
 * brings SPLIT back.
 */
import { DEFAULT_LAYOUT, MAX_LIVE_SHOWN } from '../model/constants';
import { LAYOUT_CODES, type LayoutCode } from '../model/types';

export interface LayoutOption {
  code: LayoutCode;
  visible: boolean;
  enabled: boolean;
}

/** Live cards that count for layouts: at most MAX_LIVE_SHOWN (§4 "at most 9 shown"). */
export function shownCount(liveCount: number): number {
  if (!Number.isFinite(liveCount) || liveCount < 0) return 0;
  return Math.min(Math.floor(liveCount), MAX_LIVE_SHOWN);
}

/** §4 offering rules, by live count alone. */
export function isOffered(code: LayoutCode, liveCount: number): boolean {
  const n = shownCount(liveCount);
  switch (code) {
    case 'SPLIT':
      return n >= 3 && n <= 5;
    case 'SIDEBYSIDE':
      return n >= 2 && n <= 5;
    case 'CINEMA':
    case 'PIP':
      return n >= 2;
    case 'CLASSIC':
    case 'COVER':
      return true;
  }
}

/** One pass of the §4 substitution rules; returns the code unchanged when no rule applies. */
function substituteOnce(code: LayoutCode, n: number, contentShareLive: boolean): LayoutCode {
  if (contentShareLive && (code === 'COVER' || code === 'SPLIT')) return 'CINEMA';
  if (n <= 2 && code === 'SPLIT') return 'COVER';
  if (n <= 1 && (code === 'CINEMA' || code === 'SIDEBYSIDE')) return 'CLASSIC';
  if (n <= 1 && code === 'PIP') return 'COVER';
  return code;
}

/** The layout drawn for `requested` with `liveCount` live cards (content share included). */
export function effectiveLayout(requested: LayoutCode, liveCount: number, contentShareLive: boolean): LayoutCode {
  const n = shownCount(liveCount);
  let code = requested;
  // At most one step per code: the loop is bounded even if a rule is edited into a cycle.
  for (let i = 0; i < LAYOUT_CODES.length; i += 1) {
    const next = substituteOnce(code, n, contentShareLive);
    if (next === code) break;
    code = next;
  }
  return isOffered(code, n) ? code : DEFAULT_LAYOUT;
}

/** §4 toolbar state for all six codes, in toolbar order. */
export function layoutOptions(liveCount: number, contentShareLive: boolean): LayoutOption[] {
  return LAYOUT_CODES.map((code) => {
    const visible = !(contentShareLive && code === 'COVER');
    const enabled = visible && isOffered(code, liveCount) && effectiveLayout(code, liveCount, contentShareLive) === code;
    return { code, visible, enabled };
  });
}
