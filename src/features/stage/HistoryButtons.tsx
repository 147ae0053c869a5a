import { Redo2, Undo2 } from 'lucide-react';
import { useStageStore } from '../../state/channel/store';
import { Tooltip } from '../../ui/Tooltip';
import { STAGE_COMMANDS } from './commands';

const undo = STAGE_COMMANDS.find((c) => c.name === 'undo')!;
const redo = STAGE_COMMANDS.find((c) => c.name === 'redo')!;

/** Undo and redo of stage edits, labelled with what they undo. */
export function HistoryButtons() {
  const canUndo = useStageStore((s) => s.canUndo);
  const canRedo = useStageStore((s) => s.canRedo);
  return (
    <div className="history-buttons">
      <Tooltip label={`${undo.label()} (Ctrl+Z)`} placement="top">
        <button type="button" className="icon-button" aria-label="Undo" disabled={!canUndo} onClick={undo.perform}>
          <Undo2 size={16} aria-hidden />
        </button>
      </Tooltip>
      <Tooltip label={`${redo.label()} (Ctrl+Shift+Z)`} placement="top">
        <button type="button" className="icon-button" aria-label="Redo" disabled={!canRedo} onClick={redo.perform}>
          <Redo2 size={16} aria-hidden />
        </button>
      </Tooltip>
    </div>
  );
}
