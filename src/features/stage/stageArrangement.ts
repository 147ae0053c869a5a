/**
 * Where the stage's controls go so the preview gets the most room (issue 26: "the preview fills the
 * stage"). Pure: the pane's size in, the arrangement and the preview width it gives out.
 *
 * - `rows`: the control bar above the preview, the layout toolbar below it (narrow panes: a tool open
 *   on a small window).
 * - `columns`: the control bar as a column on the left, the layout toolbar as a column on the right
 *   (wide panes: a wide window with no tool, where rows would leave the preview height-bound with empty
 *   space beside it).
 *
 * The preview is 16:9 and at most PREVIEW_MAX_WIDTH_PX wide (§2); the arrangement giving the wider
 * preview wins, rows on a tie. The sizes here are the stylesheet's (stage.css reads them as variables).
 */
import { PREVIEW_MAX_WIDTH_PX } from '../../../compositor/model/constants';

/** Rows: the control bar's height and the layout toolbar's height. */
export const STAGE_CONTROL_BAR_PX = 48;
export const STAGE_TOOLBAR_PX = 52;
/** Columns: the control column's and the layout column's widths. */
export const STAGE_CONTROL_COLUMN_PX = 150;
export const STAGE_TOOLBAR_COLUMN_PX = 76;
/** Side padding around the preview. */
export const STAGE_PAD_PX = 14;
/** Columns: the gap above and below the preview (small: in a wide pane the height is what binds). */
export const STAGE_COLUMNS_PAD_Y_PX = 6;
/** The preview frame's border (1 px each side). */
const FRAME_BORDER_PX = 2;
/** Columns need this much height for the six layout buttons, undo/redo and the guide stacked. */
export const STAGE_COLUMNS_MIN_HEIGHT_PX = 420;

/** Vertical on (issue 34): the gap between the two previews side by side. */
export const STAGE_PREVIEW_GAP_PX = 12;
/** Side by side, a vertical preview narrower than this is too small to work with: the two become tabs. */
export const VERTICAL_BESIDE_MIN_PX = 200;

export type StageArrangement = 'rows' | 'columns';

export interface StageFit {
  arrangement: StageArrangement;
  /** The preview's width in that arrangement (px). */
  previewWidth: number;
  /** Vertical on: the 16:9 and vertical previews as tabs, one at a time, since side by side they do not fit. */
  verticalTabs: boolean;
}

type Size = { width: number; height: number };

/** The room for the preview frames in an arrangement: the pane less the bars and the padding. */
function frameArea(arrangement: StageArrangement, pane: Size): Size {
  return arrangement === 'rows'
    ? { width: pane.width - 2 * STAGE_PAD_PX, height: pane.height - STAGE_CONTROL_BAR_PX - STAGE_TOOLBAR_PX }
    : { width: pane.width - STAGE_CONTROL_COLUMN_PX - STAGE_TOOLBAR_COLUMN_PX - 2 * STAGE_PAD_PX, height: pane.height - 2 * STAGE_COLUMNS_PAD_Y_PX };
}

const fit16x9 = ({ width, height }: Size): number => Math.max(0, Math.floor(Math.min(PREVIEW_MAX_WIDTH_PX, width - FRAME_BORDER_PX, ((height - FRAME_BORDER_PX) * 16) / 9)));

export const previewWidthIn = (arrangement: StageArrangement, pane: Size): number => fit16x9(frameArea(arrangement, pane));

/**
 * The vertical preview's width beside the 16:9 one, as stage.css sizes them: the same height, the
 * 16:9 frame giving up the width the other takes (w + gap + w·(9/16)² = the area's width).
 */
export function verticalBesideWidth(arrangement: StageArrangement, pane: Size): number {
  const area = frameArea(arrangement, pane);
  const wide = Math.min(PREVIEW_MAX_WIDTH_PX, ((area.width - STAGE_PREVIEW_GAP_PX - 2 * FRAME_BORDER_PX) * 256) / 337, ((area.height - FRAME_BORDER_PX) * 16) / 9);
  return Math.max(0, Math.floor((wide * 81) / 256));
}

export function fitStage(pane: Size): StageFit {
  const rows = previewWidthIn('rows', pane);
  const columns = pane.height >= STAGE_COLUMNS_MIN_HEIGHT_PX ? previewWidthIn('columns', pane) : 0;
  const arrangement: StageArrangement = columns > rows ? 'columns' : 'rows';
  return { arrangement, previewWidth: Math.max(rows, columns), verticalTabs: verticalBesideWidth(arrangement, pane) < VERTICAL_BESIDE_MIN_PX };
}

/** The sizes as CSS variables, so the stylesheet and this kernel never disagree. */
export const STAGE_CSS_VARS = {
  '--stage-control-bar': `${STAGE_CONTROL_BAR_PX}px`,
  '--stage-toolbar': `${STAGE_TOOLBAR_PX}px`,
  '--stage-control-column': `${STAGE_CONTROL_COLUMN_PX}px`,
  '--stage-toolbar-column': `${STAGE_TOOLBAR_COLUMN_PX}px`,
  '--stage-pad': `${STAGE_PAD_PX}px`,
  '--stage-columns-pad-y': `${STAGE_COLUMNS_PAD_Y_PX}px`,
  '--stage-preview-gap': `${STAGE_PREVIEW_GAP_PX}px`,
} as const;
