/**
 * Where a coachmark goes next to its target (§2/§9: 20 px offset from the target, minimum left 10 px),
 * as floating-ui middleware: 20 px away on the step's side, flipped to the opposite side when it does
 * not fit there, then shifted (along both axes) to stay inside the window at least 10 px from its
 * edges; the pointer (arrow) follows the target's centre. Its size is capped to the window in CSS
 * (Coachmark.tsx), so it always fits.
 */
import { arrow, flip, offset, shift, type Middleware, type Side } from '@floating-ui/react-dom';
import { COACHMARK_MIN_LEFT_PX, COACHMARK_OFFSET_PX, TOP_TOOLBAR_HEIGHT_PX } from '../../lib/limits';

export type Placement = Side;

/** How close the pointer may come to the coachmark's corners, in px (it is 14 px wide; corners are rounded). */
const POINTER_PADDING_PX = 10;

export function coachmarkMiddleware(pointer?: HTMLElement | null): Middleware[] {
  return [
    offset(COACHMARK_OFFSET_PX),
    flip({ padding: COACHMARK_MIN_LEFT_PX, crossAxis: false }),
    // Never over the top toolbar: the Graphics step's coachmark once slid up over GO LIVE.
    shift({ padding: { top: TOP_TOOLBAR_HEIGHT_PX + COACHMARK_MIN_LEFT_PX, right: COACHMARK_MIN_LEFT_PX, bottom: COACHMARK_MIN_LEFT_PX, left: COACHMARK_MIN_LEFT_PX }, crossAxis: true }),
    ...(pointer ? [arrow({ element: pointer, padding: POINTER_PADDING_PX })] : []),
  ];
}
