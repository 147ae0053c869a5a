/**
 * Logo: placement constants (§3 Logo positions, §9 logo anchor margins 0.08 / 0.92). Pure data.
 * See GEOMETRY.md beside this file.
 */

/** Picture height, a fraction of the frame height (130 px at 1080p); the aspect is kept. Design value. */
export const LOGO_HEIGHT = 0.12;
/** A wide wordmark is scaled down to stay a corner mark: at most this share of the frame width. */
export const LOGO_MAX_WIDTH = 0.24;
/** Mid-edge positions (TOP, RIGHT, BOTTOM, LEFT) sit on the centre line of that edge. */
export const LOGO_CENTRE = 0.5;
