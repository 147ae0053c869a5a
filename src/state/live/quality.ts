/**
 * Whether the broadcast's quality is above what this server carries (issue 33), for a component: the
 * Stats panel says which limit is hit while live, GO LIVE asks before counting down. While a job runs
 * its own quality counts (the settings may have changed since); before, the settings' quality.
 */
import { useMemo } from 'react';
import { useSettingsStore } from '../settingsStore';
import { useLiveStore } from './store';
import { qualityOverLimit, wantsVertical, type QualityOverLimit } from './qualityRules';
import { PORTRAIT } from '../../../compositor/model/frame';

export function useQualityOverLimit(): QualityOverLimit | null {
  const chosen = useSettingsStore((s) => s.settings.broadcastQuality);
  const jobQuality = useLiveStore((s) => (s.status?.job && s.status.job.state !== 'stopped' && s.status.job.state !== 'failed' ? s.status.job.quality : null));
  const info = useLiveStore((s) => s.info);
  // Both programs: the running job's own, or before it the destinations switched on (issue 34).
  const bothShapes = useLiveStore((s) => (jobQuality && s.status?.job ? s.status.job.shapes.includes(PORTRAIT) : wantsVertical(s.destinations)));
  return useMemo(() => qualityOverLimit(jobQuality ?? chosen, info, bothShapes), [jobQuality, chosen, info, bothShapes]);
}
