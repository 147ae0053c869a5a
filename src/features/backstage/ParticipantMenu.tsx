/**
 * §2 participant menu of a producer card: local time, mute/unmute mic and video, disable/enable
 * (hard mute), edit name, remove (never for self or a moderator), noise cancellation with tooltip.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ProducerCard } from '../../../compositor/model/types';
import { stageActions } from '../../state/stageStore';
import { Tooltip } from '../../ui/Tooltip';

/** §9: the timezone shown for participants is fixed to New York. */
export const PARTICIPANT_TIME_ZONE = 'America/New_York';
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PARTICIPANT_TIME_ZONE, timeZoneName: 'short' });

const MENU_GAP_PX = 4;
const EDGE_PX = 8;

/** Fixed position for the menu next to its anchor: below if it fits, else above; inside the window. */
function menuPosition(anchor: DOMRect, menu: { width: number; height: number }) {
  const below = anchor.bottom + MENU_GAP_PX;
  const top = below + menu.height <= window.innerHeight - EDGE_PX ? below : Math.max(EDGE_PX, anchor.top - MENU_GAP_PX - menu.height);
  const left = Math.max(EDGE_PX, Math.min(anchor.right - menu.width, window.innerWidth - menu.width - EDGE_PX));
  return { top, left };
}

export function ParticipantMenu({ card, isSelf, anchor, onRename, onClose }: { card: ProducerCard; isSelf: boolean; anchor: HTMLElement | null; onRename(): void; onClose(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  // Drawn in a portal above every pane, so no pane edge can clip or cover it.
  useLayoutEffect(() => {
    if (!anchor || !ref.current) return;
    setPosition(menuPosition(anchor.getBoundingClientRect(), { width: ref.current.offsetWidth, height: ref.current.offsetHeight }));
  }, [anchor]);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [onClose]);

  const canRemove = !isSelf && card.type !== 'MODERATOR';
  const act = (fn: () => void) => () => {
    fn();
    onClose();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') onClose();
    if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
    if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
    if (['ArrowDown', 'ArrowUp', 'Escape'].includes(e.key)) e.preventDefault();
  };

  return createPortal(
    <div
      ref={ref}
      className="participant-menu"
      role="menu"
      aria-label={`${card.name} options`}
      onKeyDown={onKeyDown}
      style={position ?? { visibility: 'hidden', top: 0, left: 0 }}
    >
      <div className="menu-caption">Local time {timeFormat.format(new Date())}</div>
      <button role="menuitem" type="button" disabled={card.audioHardMute} onClick={act(() => stageActions.toggleMute(card.id, 'audio'))}>
        {card.audioMute ? 'Unmute mic' : 'Mute mic'}
      </button>
      <button role="menuitem" type="button" disabled={card.videoHardMute} onClick={act(() => stageActions.toggleMute(card.id, 'video'))}>
        {card.videoMute ? 'Unmute video' : 'Mute video'}
      </button>
      <button role="menuitem" type="button" onClick={act(() => stageActions.toggleHardMute(card.id, 'audio'))}>
        {card.audioHardMute ? 'Enable mic' : 'Disable mic'}
      </button>
      <button role="menuitem" type="button" onClick={act(() => stageActions.toggleHardMute(card.id, 'video'))}>
        {card.videoHardMute ? 'Enable video' : 'Disable video'}
      </button>
      <button role="menuitem" type="button" onClick={act(onRename)}>
        Edit name
      </button>
      <Tooltip label="Filters out background noise such as typing, fans and traffic from this person's microphone." placement="left">
        <button role="menuitem" type="button" aria-checked={!!card.voiceProcessing} onClick={act(() => stageActions.toggleNoiseCancellation(card.id))}>
          Noise cancellation: {card.voiceProcessing ? 'on' : 'off'}
        </button>
      </Tooltip>
      {canRemove && (
        <button role="menuitem" type="button" className="danger" onClick={act(() => stageActions.remove(card.id))}>
          Remove presenter
        </button>
      )}
    </div>,
    document.body,
  );
}
