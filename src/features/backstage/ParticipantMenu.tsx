/**
 * §2 participant menu of a producer card: local time, mute/unmute mic and video, disable/enable
 * (hard mute), edit name, remove (never for self or a moderator), noise cancellation with tooltip.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { stageActions } from '../../state/stageStore';
import { moderatorActions } from '../../state/people/moderation';
import { PopupMenu } from '../../ui/PopupMenu';
import { Tooltip } from '../../ui/Tooltip';

/** §9: the timezone shown for participants is fixed to New York. */
export const PARTICIPANT_TIME_ZONE = 'America/New_York';
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PARTICIPANT_TIME_ZONE, timeZoneName: 'short' });

export function ParticipantMenu({ card, isSelf, anchor, onRename, onClose }: { card: ProducerCard; isSelf: boolean; anchor: HTMLElement | null; onRename(): void; onClose(): void }) {
  const canRemove = !isSelf && card.type !== 'MODERATOR';
  // One's own mic and camera are local media; others' go through the moderator call.
  const mute = isSelf ? stageActions : moderatorActions;
  const act = (fn: () => void) => () => {
    fn();
    onClose();
  };
  return (
    <PopupMenu label={`${card.name} options`} anchor={anchor} onClose={onClose}>
      <div className="menu-caption">Local time {timeFormat.format(new Date())}</div>
      <button role="menuitem" type="button" disabled={card.audioHardMute} onClick={act(() => mute.toggleMute(card.id, 'audio'))}>
        {card.audioMute ? 'Unmute mic' : 'Mute mic'}
      </button>
      <button role="menuitem" type="button" disabled={card.videoHardMute} onClick={act(() => mute.toggleMute(card.id, 'video'))}>
        {card.videoMute ? 'Unmute video' : 'Mute video'}
      </button>
      <button role="menuitem" type="button" onClick={act(() => moderatorActions.toggleHardMute(card.id, 'audio'))}>
        {card.audioHardMute ? 'Enable mic' : 'Disable mic'}
      </button>
      <button role="menuitem" type="button" onClick={act(() => moderatorActions.toggleHardMute(card.id, 'video'))}>
        {card.videoHardMute ? 'Enable video' : 'Disable video'}
      </button>
      <button role="menuitem" type="button" onClick={act(onRename)}>
        Edit name
      </button>
      <Tooltip label="Filters out background noise such as typing, fans and traffic from this person's microphone." placement="left">
        <button role="menuitem" type="button" aria-checked={!!card.voiceProcessing} onClick={act(() => moderatorActions.toggleNoiseCancellation(card.id))}>
          Noise cancellation: {card.voiceProcessing ? 'on' : 'off'}
        </button>
      </Tooltip>
      {canRemove && (
        <button role="menuitem" type="button" className="danger" onClick={act(() => moderatorActions.removePresenter(card.id))}>
          Remove presenter
        </button>
      )}
    </PopupMenu>
  );
}
