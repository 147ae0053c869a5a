/**
 * §2 left area: a vertical split with the producer/video area on top and the lower panel below
 * (react-resizable-panels v4: sizes are strings with units, never bare numbers). The stage opens
 * at its 420 px default and the lower panel takes the rest, never less than its minimum.
 */
import { Group, Panel, Separator } from 'react-resizable-panels';
import { PANE_DEFAULT_TOP_PX, PANE_MIN_LOWER_PX, PANE_MIN_TOP_PX } from '../../lib/limits';
import { BackstagePane } from '../backstage/BackstagePane';
import { StagePane } from '../stage/StagePane';

export function LeftArea() {
  return (
    <div className="left-area" data-testid="left-area">
      <Group orientation="vertical" className="left-split">
        <Panel id="stage" defaultSize={`${PANE_DEFAULT_TOP_PX}px`} minSize={`${PANE_MIN_TOP_PX}px`} className="pane">
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
