/** The producer/video area: control bar, the 16:9 live preview, and the layout toolbar. */
import { ControlBar } from './ControlBar';
import { HistoryButtons } from './HistoryButtons';
import { ProgramMeter } from '../audio/ProgramMeter';
import { LayoutToolbar } from './LayoutToolbar';
import { StagePreview } from './StagePreview';
import { SafeAreaButton, SafeAreaGuide } from './SafeAreaGuide';

export function StagePane() {
  return (
    <section className="stage-area" aria-label="Live preview">
      <ControlBar />
      <div className="stage-frame-wrap">
        <div className="stage-frame" data-testid="stage-frame">
          <StagePreview />
          <SafeAreaGuide />
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
