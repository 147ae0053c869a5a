import { useEffect } from 'react';
import { useStageStore } from '../../state/channel/store';
import { STAGE_COMMANDS } from '../../state/commands/stageCommands';
import { commandForKey } from '../../state/commands/shortcuts';

/** Keyboard shortcuts of the stage commands, while the studio is shown. */
export function useStageShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const command = commandForKey(STAGE_COMMANDS, e);
      if (!command || !command.enabled(useStageStore.getState())) return;
      e.preventDefault();
      command.perform();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
