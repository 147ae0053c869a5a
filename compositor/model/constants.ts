/** Constants of §9 "Canvas and layers" (plus the few §3 defaults the compositor needs). */
import type { LayoutCode } from './types';

export const CANVAS_UNITS = 10000; // §9 live canvas 10000 × 10000 units
export const POSITION_DECIMALS = 4; // §3 positions are fractions rounded to 4 decimals

export const CONTENT_SHARE_LAYER_NUMBER = 20000; // §9 content share / video layer, full frame
export const RANK_STEP = 10; // §9 order and live rank step
export const CONTENT_SHARE_INITIAL_RANK = 50000; // §9 rank of a new content-share card (sorts last)
export const CONTENT_SHARE_LIVE_RANK = 10; // §4 a content share on air gets rank 10
export const DEFAULT_CONTENT_STREAM_INDEX = 99; // §9 default stream index for content
export const MIN_LAYER_NUMBER = 2; // §4 layer numbers start at 2

export const MAX_LIVE_SHOWN = 9; // §9 max live producers shown
export const MAX_PRODUCER_CARDS = 16; // §9 max producer cards

export const LOWER_THIRD_Z = 10000; // §9 template z-order
export const TICKER_Z = 10001; // §9
export const LOGO_Z = 10002; // §9
/**
 * Ours: the foreground image or video covers the producers and their name tags (which belong to the
 * tiles), and stays under the chat overlay and the §9 templates.
 */
export const FOREGROUND_Z = LOWER_THIRD_Z - 1.5;

export const TICKER_Y = 0.95; // §9 ticker at y 0.95
export const LOGO_ANCHOR_NEAR = 0.08; // §9 logo anchor margin (top / left)
export const LOGO_ANCHOR_FAR = 0.92; // §9 logo anchor margin (bottom / right)
export const CHAT_OVERLAY_START_Y = 0.8; // §9 chat overlay stacks up from y 0.8
export const CHAT_OVERLAY_STEP = 1 / 8; // §9 … in steps of 1/8 while positive

export const PREVIEW_MAX_WIDTH_PX = 1600; // §9 preview 16:9, at most 1600 px wide
export const OUTPUT_WIDTH_PX = 1920; // §9 broadcast quality 1080p (default)
export const OUTPUT_HEIGHT_PX = 1080; // §9
export const FRAME_ASPECT = 16 / 9; // §2 the preview and output are 16:9
export const PREVIEW_ZOOM = 1.04; // §2 preview zoom 104 %
export const PREVIEW_ZOOM_CONTENT_SHARE = 1.0; // §2 … 100 % for content share

export const DEFAULT_PRIMARY_COLOR = '#0D62C5'; // §9 default primary color
export const DEFAULT_CALL_QUALITY = 5; // §3 producer card callQuality default
export const DEFAULT_LAYOUT: LayoutCode = 'CLASSIC'; // §3 channel layout default classic

export const DEFAULT_SHIFT_VIDEOS_UP = true; // §9 Defaults: shiftVideosUp true

// Frame budgets and the statistics window (issue 33: the Stats panel, the HUD, benchmarks' frameMs).
export const FRAME_BUDGET_60_MS = 1000 / 60; // one frame at 60 fps, 16.7 ms
export const FRAME_BUDGET_30_MS = 1000 / 30; // one frame at 30 fps (§9 playout frame rate 30), 33.3 ms
export const FRAME_STATS_WINDOW_MS = 10_000; // frame-time percentiles are over the last 10 s
