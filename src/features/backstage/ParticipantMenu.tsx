/**
 * §2 participant menu of a producer card: local time, mute/unmute mic and video, disable/enable
 * (hard mute), edit name, remove (never for self or a moderator), noise cancellation with tooltip.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { useChannelStore } from '../../state/channel/store';
import { HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, REMOVE, TOGGLE_AUDIO, TOGGLE_VIDEO } from '../../services/people/cardCommands';
import type { Command } from '../../state/commands/types';
import { MenuItem, PopupMenu, PopupMenuItem } from '../../ui/PopupMenu';

/** §9: the timezone shown for participants is fixed to New York. */
export const PARTICIPANT_TIME_ZONE = 'America/New_York';
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PARTICIPANT_TIME_ZONE, timeZoneName: 'short' });
const NOISE_CANCELLATION_HINT = "Filters out background noise such as typing, fans and traffic from this person's microphone.";

/** One menu item of the card command table: its label, enabled state and action (the menu closes itself). */
function CommandItem({ command, card, className, tooltip }: { command: Command<ProducerCard>; card: ProducerCard; className?: string; tooltip?: string }) {
  const stage = useChannelStore();
  const props = { id: command.name, className, isDisabled: !command.enabled(stage, card), onAction: () => command.perform(card) };
  const label = command.label(stage, card);
  return tooltip ? (
    <PopupMenuItem {...props} tooltip={tooltip}>
      {label}
    </PopupMenuItem>
  ) : (
    <MenuItem {...props}>{label}</MenuItem>
  );
}

export function ParticipantMenu({ card, isSelf, anchor, onRename, onClose }: { card: ProducerCard; isSelf: boolean; anchor: HTMLElement | null; onRename(): void; onClose(): void }) {
  const canRemove = !isSelf && card.type !== 'MODERATOR';
  return (
    <PopupMenu label={`${card.name} options`} anchor={anchor} onClose={onClose} caption={`Local time ${timeFormat.format(new Date())}`}>
      {[TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO].map((command) => (
        <CommandItem key={command.name} command={command} card={card} />
      ))}
      <MenuItem id="EDIT_NAME" onAction={onRename}>
        Edit name
      </MenuItem>
      <CommandItem command={NOISE_CANCELLATION} card={card} tooltip={NOISE_CANCELLATION_HINT} />
      {canRemove && <CommandItem command={REMOVE} card={card} className="danger" />}
    </PopupMenu>
  );
}
