/**
 * The producer/video area: control bar, the 16:9 live preview, and the layout toolbar. The preview
 * fills the pane: the bars sit above and below it in a narrow pane and beside it in a wide one
 * (stageArrangement.ts), whichever leaves the preview wider.
 */
import { useRef, type CSSProperties } from 'react';
import { ControlBar } from './ControlBar';
import { HistoryButtons } from './HistoryButtons';
import { ProgramMeter } from '../audio/ProgramMeter';
import { LayoutToolbar } from './LayoutToolbar';
import { StagePreview } from './StagePreview';
import { SafeAreaButton, SafeAreaGuide } from './SafeAreaGuide';
import { STAGE_CSS_VARS } from './stageArrangement';
import { useStageArrangement } from './useStageArrangement';
import { FrameHud, hudRequested } from '../stats/FrameHud';

const HUD = hudRequested(); // ?hud=1 (issue 33)

export function StagePane() {
  const pane = useRef<HTMLElement>(null);
  const arrangement = useStageArrangement(pane);
  return (
    <section ref={pane} className={`stage-area ${arrangement}`} data-arrangement={arrangement} style={STAGE_CSS_VARS as CSSProperties} aria-label="Live preview">
      <ControlBar />
      <div className="stage-frame-wrap">
        <div className="stage-frame" data-testid="stage-frame">
          <StagePreview />
          <SafeAreaGuide />
          {HUD && <FrameHud role="preview" />}
        </div>
      </div>
      <div className="stage-bottom">
        <LayoutToolbar />
        <HistoryButtons />
        <ProgramMeter />
        <SafeAreaButton />
      </div>
    </section>
  );
}
