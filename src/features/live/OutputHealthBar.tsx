/**
 * The toolbar while live (backend mode, issue 23): one chip per output (state dot, bitrate and frame
 * rate, or the state when not flowing; the tooltip adds dropped frames and errors), and the fps alarm
 * when the program's video has stalled. A chip opens the Stats panel at its output (issue 33).
 */
import { AlertTriangle } from 'lucide-react';
import { activeOutputs, hasFpsAlarm } from '../../state/live/rules';
import { useLiveStore } from '../../state/live/store';
import { useScreenStore } from '../../state/screenStore';
import type { OutputHealth } from '../../state/live/types';
import { Tooltip } from '../../ui/Tooltip';
import { healthLong, healthShort } from './health';
import { LIVE_TEXTS } from './texts';
import './live.css';

function OutputChip({ output }: { output: OutputHealth }) {
  const short = healthShort(output);
  const state = LIVE_TEXTS.outputStates[output.state];
  return (
    <Tooltip label={`${output.name}: ${healthLong(output)}`}>
      <button type="button" className={`output-chip state-${output.state}`} data-testid="output-health" data-output={output.id} data-state={output.state} onClick={() => useScreenStore.getState().openStats(output.id)}>
        <span className="state-dot" aria-hidden />
        <span className="output-chip-name">{output.name}</span>
        {short !== state && <span className="visually-hidden">{state}</span>}
        <span className="output-chip-numbers">{short}</span>
      </button>
    </Tooltip>
  );
}

export function OutputHealthBar() {
  // The status object, not a derived list: a selector must not make a new array on every read.
  const status = useLiveStore((s) => s.status);
  const outputs = activeOutputs(status);
  const alarm = hasFpsAlarm(status);
  if (outputs.length === 0 && !alarm) return null;
  return (
    <div className="output-health-bar" role="group" aria-label={LIVE_TEXTS.healthLabel}>
      {alarm && (
        <span className="fps-alarm" role="alert" data-testid="fps-alarm">
          <AlertTriangle size={14} aria-hidden /> {LIVE_TEXTS.fpsAlarm}
        </span>
      )}
      {outputs.map((o) => (
        <OutputChip key={o.id} output={o} />
      ))}
    </div>
  );
}
