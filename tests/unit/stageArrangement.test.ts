// @vitest-environment node
/** Issue 26: the stage's controls go where they leave the preview widest; §2 split proportion and minimums. */
import { describe, expect, it } from 'vitest';
import { fitStage, previewWidthIn, STAGE_COLUMNS_MIN_HEIGHT_PX, VERTICAL_BESIDE_MIN_PX, verticalBesideWidth } from '../../src/features/stage/stageArrangement';
import { PANE_DEFAULT_LOWER_PX, PANE_DEFAULT_TOP_PERCENT, PANE_DEFAULT_TOP_PX, PANE_MIN_LOWER_PX, PANE_MIN_TOP_PX } from '../../src/lib/limits';
import { PREVIEW_MAX_WIDTH_PX } from '../../compositor/model/constants';

describe('§2 split', () => {
  it('420 / 180 read as the default proportion (70 %), minimums 300 / 210', () => {
    expect([PANE_DEFAULT_TOP_PX, PANE_DEFAULT_LOWER_PX, PANE_MIN_TOP_PX, PANE_MIN_LOWER_PX]).toEqual([420, 180, 300, 210]);
    expect(PANE_DEFAULT_TOP_PERCENT).toBeCloseTo(70, 6);
  });
});

describe('fitStage', () => {
  it.each([
    // pane (the stage's share of the left area), arrangement
    ['1600×900, no tool', { width: 1530, height: 582 }, 'columns'],
    ['1600×900, a tool open', { width: 1070, height: 582 }, 'rows'],
    ['1280×720, a tool open', { width: 750, height: 440 }, 'rows'],
    ['1920×1080, no tool', { width: 1850, height: 715 }, 'columns'],
    ['too low for the columns', { width: 1850, height: STAGE_COLUMNS_MIN_HEIGHT_PX - 1 }, 'rows'],
  ] as const)('%s → %s', (_, pane, arrangement) => {
    const fit = fitStage(pane);
    expect(fit.arrangement).toBe(arrangement);
    expect(fit.previewWidth).toBe(Math.max(previewWidthIn('rows', pane), previewWidthIn(arrangement, pane)));
  });

  it('the issue-26 rule at 1600×900: ≥ 1000 px with no tool, ≥ 800 px with one', () => {
    expect(fitStage({ width: 1530, height: 582 }).previewWidth).toBeGreaterThanOrEqual(1000);
    expect(fitStage({ width: 1070, height: 582 }).previewWidth).toBeGreaterThanOrEqual(800);
  });

  it('never wider than §2 1600 px', () => {
    expect(fitStage({ width: 4000, height: 2000 }).previewWidth).toBe(PREVIEW_MAX_WIDTH_PX);
  });
});

describe('Vertical on (issue 34): side by side, or tabs where both do not fit', () => {
  it.each([
    ['1600×900, no tool', { width: 1530, height: 582 }, false],
    ['1600×900, a tool open', { width: 1070, height: 582 }, false],
    ['1280×720, no tool', { width: 1210, height: 440 }, false],
    ['1280×720, a tool open', { width: 750, height: 440 }, true],
    ['a phone-sized window', { width: 400, height: 700 }, true],
  ] as const)('%s → tabs: %s', (_, pane, tabs) => {
    const fit = fitStage(pane);
    expect(fit.verticalTabs).toBe(tabs);
    expect(verticalBesideWidth(fit.arrangement, pane) < VERTICAL_BESIDE_MIN_PX).toBe(tabs);
  });

  it('side by side, the two share the height and the width: the 16:9 frame, the gap and the 9:16 frame fill the area', () => {
    const pane = { width: 1000, height: 2000 }; // width-bound, rows
    const tall = verticalBesideWidth('rows', pane);
    const wide = (tall * 256) / 81;
    expect(wide + 2 + 12 + tall + 2).toBeCloseTo(1000 - 28, -1);
  });
});
