/**
 * The producer/video area: control bar, the 16:9 live preview (with the vertical 9:16 one beside it
 * when Vertical is on, issue 34), and the layout toolbar. The preview
 * fills the pane: the bars sit above and below it in a narrow pane and beside it in a wide one
 * (stageArrangement.ts), whichever leaves the preview wider.
 */
import { useRef, type CSSProperties } from 'react';
import { ControlBar } from './ControlBar';
import { HistoryButtons } from './HistoryButtons';
import { ProgramMeter } from '../audio/ProgramMeter';
import { LayoutToolbar } from './LayoutToolbar';
import { StagePreview } from './StagePreview';
import { SafeAreaButton, SafeAreaGuide, VerticalSafeAreaGuide } from './SafeAreaGuide';
import { STAGE_CSS_VARS } from './stageArrangement';
import { useStageArrangement } from './useStageArrangement';
import { FrameHud, hudRequested } from '../stats/FrameHud';
import { VerticalButton, VerticalLayoutSelect } from './VerticalButton';
import { useScreenStore } from '../../state/screenStore';
import { PORTRAIT } from '../../../compositor/model/frame';

const HUD = hudRequested(); // ?hud=1 (issue 33)

export function StagePane() {
  const pane = useRef<HTMLElement>(null);
  const arrangement = useStageArrangement(pane);
  const vertical = useScreenStore((s) => s.verticalVisible);
  return (
    <section ref={pane} className={`stage-area ${arrangement}`} data-arrangement={arrangement} style={STAGE_CSS_VARS as CSSProperties} aria-label="Live preview">
      <ControlBar />
      <div className={`stage-frame-wrap${vertical ? ' with-vertical' : ''}`}>
        <div className="stage-frame" data-testid="stage-frame">
          <StagePreview />
          <SafeAreaGuide />
          {HUD && <FrameHud role="preview" />}
        </div>
        {vertical && (
          <div className="stage-frame vertical" data-testid="stage-frame-vertical">
            <StagePreview shape={PORTRAIT} />
            <VerticalSafeAreaGuide />
            <VerticalLayoutSelect />
          </div>
        )}
      </div>
      <div className="stage-bottom">
        <LayoutToolbar />
        <HistoryButtons />
        <ProgramMeter />
        <SafeAreaButton />
        <VerticalButton />
      </div>
    </section>
  );
}
