/** The toolbar's Stats button (issue 33): toggles the Stats panel; its tooltip names the shortcut. */
import { Activity } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { keyLabel } from '../../state/commands/shortcuts';
import { STATS } from '../../state/commands/stageCommands';
import { Tooltip } from '../../ui/Tooltip';
import { STATS_TEXTS as T } from './texts';

export function StatsButton() {
  const open = useScreenStore((s) => s.statsOpen);
  return (
    <Tooltip label={T.tip(keyLabel(STATS.keys![0]!))}>
      <button type="button" className="icon-button" aria-label={T.button} aria-pressed={open} aria-keyshortcuts="Shift+D" data-testid="stats-button" onClick={() => useScreenStore.getState().toggleStats()}>
        <Activity size={18} aria-hidden />
      </button>
    </Tooltip>
  );
}
