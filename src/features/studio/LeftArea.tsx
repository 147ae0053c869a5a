/**
 * §2 left area: a vertical split with the producer/video area on top and the lower panel below
 * (react-resizable-panels v4: sizes are strings with units, never bare numbers). The stage opens at
 * §2's default proportion (420 : 180, 70 %) and the lower panel takes the rest; neither goes below
 * its minimum. The separator is a focusable role="separator" with aria-valuenow: arrow keys move it,
 * Home / End take it to either minimum.
 */
import { Group, Panel, Separator } from 'react-resizable-panels';
import { PANE_DEFAULT_TOP_PERCENT, PANE_MIN_LOWER_PX, PANE_MIN_TOP_PX } from '../../lib/limits';
import { BackstagePane } from '../backstage/BackstagePane';
import { StagePane } from '../stage/StagePane';

export function LeftArea() {
  return (
    <div className="left-area" data-testid="left-area">
      <Group orientation="vertical" className="left-split">
        <Panel id="stage" defaultSize={`${PANE_DEFAULT_TOP_PERCENT}%`} minSize={`${PANE_MIN_TOP_PX}px`} className="pane">
          <StagePane />
        </Panel>
        <Separator className="split-handle" aria-label="Resize stage and backstage" />
        <Panel id="backstage" minSize={`${PANE_MIN_LOWER_PX}px`} className="pane">
          <BackstagePane />
        </Panel>
      </Group>
    </div>
  );
}
