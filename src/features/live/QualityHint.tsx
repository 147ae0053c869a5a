/** Settings › Broadcast quality in backend mode (issue 23): what the server recommends for its cores. The §9 default stays 1080p. */
import { useLiveStore } from '../../state/live/store';
import { qualityHint } from './texts';

export function QualityHint() {
  const info = useLiveStore((s) => s.info);
  if (!info) return null;
  return (
    <p className="field-hint quality-hint" data-testid="quality-hint">
      {qualityHint(info.recommendedQuality, info.cores)}
    </p>
  );
}
