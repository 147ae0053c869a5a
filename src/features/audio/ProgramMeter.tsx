/** The program meter (issue 26): what the audience hears, everyone on air and the shared video mixed, with a held peak. */
import { LiveMeter } from './LiveMeter';
import { programLevel } from './levelSources';

export const PROGRAM_METER_LABEL = 'Program sound level';

export function ProgramMeter() {
  return (
    <div className="program-meter" title={PROGRAM_METER_LABEL}>
      <span className="program-meter-caption" aria-hidden>
        Program
      </span>
      <LiveMeter read={programLevel} label={PROGRAM_METER_LABEL} peak className="live-meter-program" />
    </div>
  );
}
