import { Redo2, Undo2 } from 'lucide-react';
import { useChannelStore } from '../../state/channel/store';
import { REDO, UNDO } from '../../state/commands/stageCommands';
import { keyLabel } from '../../state/commands/shortcuts';
import type { Command } from '../../state/commands/types';
import { Tooltip } from '../../ui/Tooltip';

function HistoryButton({ command, name, icon }: { command: Command; name: string; icon: React.ReactNode }) {
  const state = useChannelStore();
  return (
    <Tooltip label={`${command.label(state)} (${keyLabel(command.keys![0]!)})`} placement="top">
      <button type="button" className="icon-button" aria-label={name} disabled={!command.enabled(state)} onClick={() => command.perform()}>
        {icon}
      </button>
    </Tooltip>
  );
}

/** Undo and redo of channel edits, labelled with what they undo (the command table's entries). */
export function HistoryButtons() {
  return (
    <div className="history-buttons">
      <HistoryButton command={UNDO} name="Undo" icon={<Undo2 size={16} aria-hidden />} />
      <HistoryButton command={REDO} name="Redo" icon={<Redo2 size={16} aria-hidden />} />
    </div>
  );
}
