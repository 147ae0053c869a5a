/**
 * The producer/video area: control bar, the 16:9 live preview (with the vertical 9:16 one beside it
 * when Vertical is on, issue 34, or as a second tab when the pane is too narrow for both), and the
 * layout toolbar. The preview
 * fills the pane: the bars sit above and below it in a narrow pane and beside it in a wide one
 * (stageArrangement.ts), whichever leaves the preview wider.
 */
import { useRef, useState, type CSSProperties } from 'react';
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
import { LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';
import { Tabs } from '../../ui/Tabs';

const HUD = hudRequested(); // ?hud=1 (issue 33)

/** Vertical on in a narrow pane: the two previews as tabs (stageArrangement.ts says when). */
const SHAPE_TABS = [
  { value: LANDSCAPE, label: '16:9', testId: 'shape-tab-16:9' },
  { value: PORTRAIT, label: 'Vertical', testId: 'shape-tab-9:16' },
] as const;

export function StagePane() {
  const pane = useRef<HTMLElement>(null);
  const { arrangement, verticalTabs } = useStageArrangement(pane);
  const vertical = useScreenStore((s) => s.verticalVisible);
  const [shown, setShown] = useState<FrameShape>(LANDSCAPE);
  const tabs = vertical && verticalTabs;
  const wide = (
    <div className="stage-frame" data-testid="stage-frame">
      <StagePreview />
      <SafeAreaGuide />
      {HUD && <FrameHud role="preview" />}
    </div>
  );
  const tall = (
    <div className="stage-frame vertical" data-testid="stage-frame-vertical">
      <StagePreview shape={PORTRAIT} />
      <VerticalSafeAreaGuide />
      <VerticalLayoutSelect />
    </div>
  );
  return (
    <section ref={pane} className={`stage-area ${arrangement}`} data-arrangement={arrangement} style={STAGE_CSS_VARS as CSSProperties} aria-label="Live preview">
      <ControlBar />
      <div className={`stage-frame-wrap${tabs ? ' vertical-tabs' : vertical ? ' with-vertical' : ''}`}>
        {tabs ? (
          <Tabs<FrameShape> label="Program shape" tabs={SHAPE_TABS} value={shown} onChange={setShown}>
            {shown === PORTRAIT ? tall : wide}
          </Tabs>
        ) : (
          <>
            {wide}
            {vertical && tall}
          </>
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
