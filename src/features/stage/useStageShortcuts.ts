import { useEffect } from 'react';
import { commandFor } from './commands';

/** Keyboard shortcuts of the stage commands, while the studio is shown. */
export function useStageShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const command = commandFor(e);
      if (!command || !command.enabled()) return;
      e.preventDefault();
      command.perform();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
