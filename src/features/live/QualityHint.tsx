/** Settings › Broadcast quality in backend mode (issue 23): what the server recommends for its cores (a quality nobody chose follows it: liveSession.ts, issue 33). */
import { useLiveStore } from '../../state/live/store';
import { qualityHint } from './texts';

export function QualityHint() {
  const info = useLiveStore((s) => s.info);
  if (!info) return null;
  return (
    <p className="field-hint quality-hint" data-testid="quality-hint">
      {qualityHint(info.recommendedQuality, info.cores, info.recommendedQualityBothShapes)}
    </p>
  );
}
