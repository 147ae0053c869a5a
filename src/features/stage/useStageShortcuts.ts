import { useEffect } from 'react';
import { useChannelStore } from '../../state/channel/store';
import { STAGE_COMMANDS } from '../../state/commands/stageCommands';
import { commandForKey } from '../../state/commands/shortcuts';
import { performAndTell } from '../../state/feedback';

/** Keyboard shortcuts of the stage commands, while the studio is shown; each says what it did. */
export function useStageShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const command = commandForKey(STAGE_COMMANDS, e);
      if (!command || !command.enabled(useChannelStore.getState())) return;
      e.preventDefault();
      performAndTell(() => command.perform());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
