/**
 * Where a coachmark goes next to its target (§9: 20 px offset from the target, minimum left 10 px),
 * flipped to the other side when it does not fit and kept inside the window.
 */
export type Placement = 'top' | 'bottom' | 'left' | 'right';
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const COACHMARK_OFFSET_PX = 20;
export const COACHMARK_MIN_LEFT_PX = 10;
const OPPOSITE: Record<Placement, Placement> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

function place(target: Box, w: number, h: number, p: Placement) {
  const cx = target.left + target.width / 2;
  const cy = target.top + target.height / 2;
  switch (p) {
    case 'right':
      return { left: target.left + target.width + COACHMARK_OFFSET_PX, top: cy - h / 2 };
    case 'left':
      return { left: target.left - COACHMARK_OFFSET_PX - w, top: cy - h / 2 };
    case 'top':
      return { left: cx - w / 2, top: target.top - COACHMARK_OFFSET_PX - h };
    case 'bottom':
      return { left: cx - w / 2, top: target.top + target.height + COACHMARK_OFFSET_PX };
  }
}

/** Whether a side has room; only the axis of the placement counts (the other is clamped later). */
function fits(p: Placement, pos: { left: number; top: number }, w: number, h: number, vw: number, vh: number) {
  return p === 'top' || p === 'bottom' ? pos.top >= 0 && pos.top + h <= vh : pos.left >= COACHMARK_MIN_LEFT_PX && pos.left + w <= vw;
}

export interface CoachmarkPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  placement: Placement;
  /** Where the pointer (arrow) sits along the coachmark's edge facing the target, in px. */
  pointer: number;
}

export function coachmarkPosition(target: Box, size: { width: number; height: number }, preferred: Placement, viewport: { width: number; height: number }): CoachmarkPlacement {
  // Never larger than the window allows.
  const width = Math.min(size.width, viewport.width - 2 * COACHMARK_MIN_LEFT_PX);
  const height = Math.min(size.height, viewport.height - 2 * COACHMARK_MIN_LEFT_PX);
  let placement = preferred;
  let pos = place(target, width, height, preferred);
  if (!fits(preferred, pos, width, height, viewport.width, viewport.height)) {
    const flipped = place(target, width, height, OPPOSITE[preferred]);
    if (fits(OPPOSITE[preferred], flipped, width, height, viewport.width, viewport.height)) {
      placement = OPPOSITE[preferred];
      pos = flipped;
    }
  }
  const left = Math.max(COACHMARK_MIN_LEFT_PX, Math.min(pos.left, viewport.width - width - COACHMARK_MIN_LEFT_PX));
  const top = Math.max(COACHMARK_MIN_LEFT_PX, Math.min(pos.top, viewport.height - height - COACHMARK_MIN_LEFT_PX));
  const horizontal = placement === 'top' || placement === 'bottom';
  const targetCenter = horizontal ? target.left + target.width / 2 - left : target.top + target.height / 2 - top;
  const edge = horizontal ? width : height;
  return { left, top, width, height, placement, pointer: Math.max(16, Math.min(edge - 16, targetCenter)) };
}
