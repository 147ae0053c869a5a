/** §2 mic level icon: 10 levels, plus muted and hard-muted states. */
import { Mic, MicOff, Lock } from 'lucide-react';
import { MIC_LEVEL_MAX } from '../lib/limits';

export function MicLevelIcon({ level, muted, hardMuted }: { level: number; muted: boolean; hardMuted: boolean }) {
  if (hardMuted)
    return (
      <span className="mic-icon hard-muted" data-state="hard-muted">
        <MicOff size={18} aria-hidden />
        <Lock size={10} aria-hidden className="mic-lock" />
      </span>
    );
  if (muted)
    return (
      <span className="mic-icon muted" data-state="muted">
        <MicOff size={18} aria-hidden />
      </span>
    );
  const fill = Math.max(0, Math.min(MIC_LEVEL_MAX, Math.round(level))) / MIC_LEVEL_MAX;
  return (
    <span className="mic-icon" data-state="open" data-level={Math.round(fill * MIC_LEVEL_MAX)}>
      <Mic size={18} aria-hidden />
      <span className="mic-fill" style={{ transform: `scaleY(${fill})` }} />
    </span>
  );
}
