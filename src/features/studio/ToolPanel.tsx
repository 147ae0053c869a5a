/** §2: the selected tool's panel, with a title bar and a close button (close sets NONE). */
import { X } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { useMeetingStore } from '../../state/meetingStore';
import { TOOLS } from './tools';
import { toolBody } from './toolBodies';
import { Tooltip } from '../../ui/Tooltip';

export function ToolPanel() {
  const selected = useScreenStore((s) => s.selectedTool);
  const selectTool = useScreenStore((s) => s.selectTool);
  const connected = useMeetingStore((s) => s.connexionState === 'CONNECTED');
  const info = useMeetingStore((s) => s.eventInformation);
  const entry = TOOLS.find((t) => t.tool === selected);
  if (!entry) return null;
  const body = toolBody(entry.tool, info, connected);
  const Icon = entry.icon;
  return (
    <aside className="tool-panel" aria-labelledby="tool-panel-title" data-testid="tool-panel" data-tool={entry.tool}>
      <header className="tool-panel-header">
        <h2 id="tool-panel-title">{entry.title}</h2>
        <Tooltip label={`Close ${entry.title}`} placement="left">
          <button type="button" className="icon-button" aria-label={`Close ${entry.title}`} onClick={() => selectTool('NONE')}>
            <X size={18} aria-hidden />
          </button>
        </Tooltip>
      </header>
      <div className="tool-panel-body">
        {body ?? (
          <div className="empty-state">
            <Icon size={40} aria-hidden />
            <p>{entry.hint}</p>
          </div>
        )}
      </div>
    </aside>
  );
}
