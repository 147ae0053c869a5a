/**
 * Title-safe and action-safe frames over the preview (what broadcasters check a lower third against),
 * drawn in the DOM over the canvas so they never reach the output. Sized on the program frame: the
 * preview's zoom (§2 104 %) enlarges them with the picture.
 */
import { ScanLine } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useChannelStore } from '../../state/channel/store';
import { SAFE_AREA_COMMAND } from '../../state/commands/graphicsCommands';
import { keyLabel } from '../../state/commands/shortcuts';
import { useScreenStore } from '../../state/screenStore';
import { sceneSource, verticalSceneSource } from '../../services/channel/stageScene';
import { GRAPHICS_PLACES } from '../../../compositor/model/frame';
import { Tooltip } from '../../ui/Tooltip';

/** SMPTE ST 2046-1: action-safe 93 % and title-safe 90 % of the frame's width and height. */
export const ACTION_SAFE = 0.93;
export const TITLE_SAFE = 0.9;

const frame = (fraction: number, zoom: number) => {
  const inset = `${((1 - fraction * zoom) / 2) * 100}%`;
  return { top: inset, bottom: inset, left: inset, right: inset };
};

export function SafeAreaGuide() {
  const visible = useScreenStore((s) => s.safeAreaVisible);
  const zoom = useSyncExternalStore(sceneSource.subscribe, () => sceneSource.getState().previewZoom);
  if (!visible) return null;
  return (
    <div className="safe-area" aria-hidden data-testid="safe-area-guide">
      <span className="safe-area-frame action" style={frame(ACTION_SAFE, zoom)}>
        <span className="safe-area-label">Action safe</span>
      </span>
      <span className="safe-area-frame title" style={frame(TITLE_SAFE, zoom)}>
        <span className="safe-area-label">Title safe</span>
      </span>
    </div>
  );
}

/** A frame fraction on the preview, which zooms about the centre (§2 104 %), in percent. */
const zoomed = (f: number, zoom: number): number => ((f - 0.5) * zoom + 0.5) * 100;

/**
 * The vertical preview's guide (issue 34): where its graphics stay, title-safe and clear of what phone
 * apps draw over a vertical video (their top bar, the buttons down the right, the captions below).
 */
export function VerticalSafeAreaGuide() {
  const visible = useScreenStore((s) => s.safeAreaVisible);
  const zoom = useSyncExternalStore(verticalSceneSource.subscribe, () => verticalSceneSource.getState().previewZoom);
  if (!visible) return null;
  const { safe } = GRAPHICS_PLACES['9:16'];
  const inset = {
    left: `${zoomed(safe.x, zoom)}%`,
    top: `${zoomed(safe.y, zoom)}%`,
    right: `${100 - zoomed(safe.x + safe.width, zoom)}%`,
    bottom: `${100 - zoomed(safe.y + safe.height, zoom)}%`,
  };
  return (
    <div className="safe-area" aria-hidden data-testid="safe-area-guide-vertical">
      <span className="safe-area-frame title" style={inset}>
        <span className="safe-area-label">Phone safe</span>
      </span>
    </div>
  );
}

export function SafeAreaButton() {
  const visible = useScreenStore((s) => s.safeAreaVisible);
  const state = useChannelStore();
  const label = `${SAFE_AREA_COMMAND.label(state)} (${keyLabel(SAFE_AREA_COMMAND.keys![0]!)})`;
  return (
    <Tooltip label={label} placement="top">
      <button type="button" className={`icon-button${visible ? ' active' : ''}`} aria-label="Safe-area guide" aria-pressed={visible} onClick={() => SAFE_AREA_COMMAND.perform()}>
        <ScanLine size={16} aria-hidden />
      </button>
    </Tooltip>
  );
}
