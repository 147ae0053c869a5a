/**
 * §2 participant menu of a producer card: local time, mute/unmute mic and video, disable/enable
 * (hard mute), edit name, remove (never for self or a moderator), noise cancellation with tooltip.
 */
import type { ProducerCard } from '../../../compositor/model/types';
import { useStageStore } from '../../state/channel/store';
import { HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, REMOVE, TOGGLE_AUDIO, TOGGLE_VIDEO } from '../../state/commands/cardCommands';
import type { Command } from '../../state/commands/types';
import { PopupMenu } from '../../ui/PopupMenu';
import { Tooltip } from '../../ui/Tooltip';

/** §9: the timezone shown for participants is fixed to New York. */
export const PARTICIPANT_TIME_ZONE = 'America/New_York';
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PARTICIPANT_TIME_ZONE, timeZoneName: 'short' });

/** One menu item of the card command table: its label, enabled state and action. */
function CommandItem({ command, card, onDone, className, checked, ...rest }: { command: Command<ProducerCard>; card: ProducerCard; onDone(): void; className?: string; checked?: boolean; 'aria-describedby'?: string }) {
  const stage = useStageStore();
  return (
    <button
      {...rest}
      role="menuitem"
      type="button"
      className={className}
      aria-checked={checked}
      disabled={!command.enabled(stage, card)}
      onClick={() => {
        command.perform(card);
        onDone();
      }}
    >
      {command.label(stage, card)}
    </button>
  );
}

export function ParticipantMenu({ card, isSelf, anchor, onRename, onClose }: { card: ProducerCard; isSelf: boolean; anchor: HTMLElement | null; onRename(): void; onClose(): void }) {
  const canRemove = !isSelf && card.type !== 'MODERATOR';
  const act = (fn: () => void) => () => {
    fn();
    onClose();
  };
  return (
    <PopupMenu label={`${card.name} options`} anchor={anchor} onClose={onClose}>
      <div className="menu-caption">Local time {timeFormat.format(new Date())}</div>
      {[TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO].map((command) => (
        <CommandItem key={command.name} command={command} card={card} onDone={onClose} />
      ))}
      <button role="menuitem" type="button" onClick={act(onRename)}>
        Edit name
      </button>
      <Tooltip label="Filters out background noise such as typing, fans and traffic from this person's microphone." placement="left">
        <CommandItem command={NOISE_CANCELLATION} card={card} onDone={onClose} checked={!!card.voiceProcessing} />
      </Tooltip>
      {canRemove && <CommandItem command={REMOVE} card={card} onDone={onClose} className="danger" />}
    </PopupMenu>
  );
}
