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

export type StageArrangement = 'rows' | 'columns';

export interface StageFit {
  arrangement: StageArrangement;
  /** The preview's width in that arrangement (px). */
  previewWidth: number;
}

const fit16x9 = (width: number, height: number): number =>
  Math.max(0, Math.floor(Math.min(PREVIEW_MAX_WIDTH_PX, width - FRAME_BORDER_PX, ((height - FRAME_BORDER_PX) * 16) / 9)));

export function previewWidthIn(arrangement: StageArrangement, pane: { width: number; height: number }): number {
  return arrangement === 'rows'
    ? fit16x9(pane.width - 2 * STAGE_PAD_PX, pane.height - STAGE_CONTROL_BAR_PX - STAGE_TOOLBAR_PX)
    : fit16x9(pane.width - STAGE_CONTROL_COLUMN_PX - STAGE_TOOLBAR_COLUMN_PX - 2 * STAGE_PAD_PX, pane.height - 2 * STAGE_COLUMNS_PAD_Y_PX);
}

export function fitStage(pane: { width: number; height: number }): StageFit {
  const rows = previewWidthIn('rows', pane);
  const columns = pane.height >= STAGE_COLUMNS_MIN_HEIGHT_PX ? previewWidthIn('columns', pane) : 0;
  return columns > rows ? { arrangement: 'columns', previewWidth: columns } : { arrangement: 'rows', previewWidth: rows };
}

/** The sizes as CSS variables, so the stylesheet and this kernel never disagree. */
export const STAGE_CSS_VARS = {
  '--stage-control-bar': `${STAGE_CONTROL_BAR_PX}px`,
  '--stage-toolbar': `${STAGE_TOOLBAR_PX}px`,
  '--stage-control-column': `${STAGE_CONTROL_COLUMN_PX}px`,
  '--stage-toolbar-column': `${STAGE_TOOLBAR_COLUMN_PX}px`,
  '--stage-pad': `${STAGE_PAD_PX}px`,
  '--stage-columns-pad-y': `${STAGE_COLUMNS_PAD_Y_PX}px`,
} as const;
