/**
 * §2 producer card: the feed, a menu button, a spotlight/expand button, an on-air switch, camera
 * and mic toggles, a network-quality indicator and an inline rename field. Double-click toggles
 * on air. Drag handling lives in the backstage grid.
 */
import { useEffect, useRef, useState } from 'react';
import { Maximize2, Mic, MicOff, MoreVertical, Video, VideoOff } from 'lucide-react';
import type { ProducerCard } from '../../../compositor/model/types';
import { isSpeaking, useAudioLevels, useSilentOnAir } from '../../state/audioLevels';
import { guardKeys, useGuardCues, GUARD_CUE_TEXT } from '../../state/channel/guards';
import { LiveMeter } from '../audio/LiveMeter';
import { cardLevel } from '../audio/levelSources';
import { SILENT_ON_AIR_MS } from '../../lib/limits';
import { stageActions } from '../../state/channel/stageActions';
import { moderatorActions } from '../../services/people/moderation';
import { useChannelStore } from '../../state/channel/store';
import { media } from '../../services/media/elements';
import { CARD_COMMANDS, TOGGLE_AUDIO, TOGGLE_LIVE, TOGGLE_SPOTTED, TOGGLE_VIDEO } from '../../services/people/cardCommands';
import { keyLabel } from '../../state/commands/shortcuts';
import { initialsOf } from '../../lib/avatar';
import { InlineRename } from '../../ui/InlineRename';
import { Tooltip } from '../../ui/Tooltip';
import { TOOLTIP_DELAY_SLOW } from '../../lib/limits';
import { NetworkQuality } from './NetworkQuality';
import { ParticipantMenu } from './ParticipantMenu';

/** aria-keyshortcuts of a card: the keys of the card commands, in ARIA's spelling. */
const CARD_KEYS = CARD_COMMANDS.flatMap((c) => c.keys ?? [])
  .map((k) => keyLabel(k, false).replace('←', 'ArrowLeft').replace('→', 'ArrowRight'))
  .join(' ');

/** Mirrors the shared media element into the card (a second element on the same source). */
function CardFeed({ card }: { card: ProducerCard }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [, setVersion] = useState(0);
  useEffect(() => media.subscribe(() => setVersion((v) => v + 1)), []);
  const source = media.get(card.id);
  // After every render: the shared element may have a new stream (a camera effect, another device)
  // and the card's own element is new after an unmute.
  useEffect(() => {
    const video = ref.current;
    if (!video || !(source instanceof HTMLVideoElement)) return;
    if (source.srcObject) {
      if (video.srcObject === source.srcObject) return;
      video.srcObject = source.srcObject;
    } else if (source.src && video.src !== source.src) video.src = source.src;
    else return;
    void video.play().catch(() => undefined);
  });
  if (card.videoMute || !(source instanceof HTMLVideoElement)) {
    return (
      <div className="card-feed card-feed-off" aria-hidden>
        <span className="card-initials">{initialsOf(card.name)}</span>
      </div>
    );
  }
  return <video ref={ref} className="card-feed" muted loop playsInline autoPlay aria-hidden />;
}

export interface ProducerCardViewProps {
  card: ProducerCard;
  isSelf: boolean;
  width: number;
  dragging: boolean;
  /** While another card is dragged over this one: what dropping it here does. */
  dropIntent: string | null;
  bindDrag: () => Record<string, unknown>;
  /** The card the backstage grid's one tab stop is on (roving focus). */
  tabStop: boolean;
}

/** The sign on an on-air card that the audience hears nothing from this person. */
export const SOUND_SIGNS = {
  muted: 'Muted',
  silent: `No sound for ${SILENT_ON_AIR_MS / 1000} s`,
};

/** Whether the control with this guard key just had an input caught by its §5 guard. */
const useCue = (key: string) => useGuardCues((s) => key in s.cued);

export function ProducerCardView({ card, isSelf, width, dragging, dropIntent, bindDrag, tabStop }: ProducerCardViewProps) {
  const stage = useChannelStore();
  const menuOpen = stage.openMenuId === card.id;
  const speaking = useAudioLevels((s) => isSpeaking(s.levels[card.id]) && !card.audioMute);
  const silent = useSilentOnAir((s) => s.ids.includes(card.id));
  const sign = card.isLive && card.type !== 'CONTENT_SHARING' ? (card.audioMute ? SOUND_SIGNS.muted : silent ? SOUND_SIGNS.silent : null) : null;
  const cued = { live: useCue(guardKeys.live(card.id)), audio: useCue(guardKeys.mute(card.id, 'audio')), video: useCue(guardKeys.mute(card.id, 'video')) };
  const menuButton = useRef<HTMLButtonElement>(null);

  const classes = ['producer-card', width < 120 && 'compact', card.isLive && 'live', card.isSpotted && 'spotted', speaking && 'speaking', dragging && 'dragging', dropIntent && 'drop-swap']
    .filter(Boolean)
    .join(' ');
  return (
    <article
      className={classes}
      style={{ width }}
      data-testid="producer-card"
      data-card-id={card.id}
      data-live={card.isLive}
      aria-label={`${card.name}${card.isLive ? ', on air' : ''}${speaking ? ', speaking' : ''}${sign ? `, ${sign.toLowerCase()}` : ''}`}
      aria-keyshortcuts={CARD_KEYS}
      tabIndex={tabStop ? 0 : -1}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('button, input, [role=menu]')) return;
        TOGGLE_LIVE.perform(card);
      }}
    >
      <div className="card-media" {...bindDrag()}>
        <CardFeed card={card} />
        {card.isLive && <span className="on-air-badge">ON AIR</span>}
        <span className="card-top-right">
          <NetworkQuality quality={card.callQuality} />
        </span>
        {sign && (
          <span className={`sound-sign${card.audioMute ? ' muted' : ''}`} data-testid="sound-sign">
            <MicOff size={10} aria-hidden /> {sign}
          </span>
        )}
        {card.type !== 'CONTENT_SHARING' && <LiveMeter read={() => cardLevel(card.id)} label={`Sound level of ${card.name}`} className="card-meter" />}
        {dropIntent && (
          <span className="drop-intent" aria-hidden>
            <span className="drop-intent-text">{dropIntent}</span>
          </span>
        )}
      </div>
      {(cued.live || cued.audio || cued.video) && (
        <span className="guard-cue-bubble" data-testid="guard-cue" aria-hidden>
          {GUARD_CUE_TEXT}
        </span>
      )}
      <div className="card-name">
        <InlineRename
          value={card.name}
          label={`Name of ${card.name}`}
          onSave={(name) => moderatorActions.rename(card.id, name)}
          editing={stage.renamingId === card.id}
          onEditingChange={(editing) => (editing ? stageActions.startRename(card.id) : stageActions.endRename())}
        />
      </div>
      <div className="card-controls">
        <Tooltip delay={TOOLTIP_DELAY_SLOW} label={TOGGLE_LIVE.label(stage, card)} placement="top">
          <button
            type="button"
            role="switch"
            aria-checked={card.isLive}
            aria-label={`On air: ${card.name}`}
            className={`on-air-switch${card.isLive ? ' on' : ''}${cued.live ? ' guard-cue' : ''}`}
            onClick={() => TOGGLE_LIVE.perform(card)}
          >
            <span className="switch-knob" />
          </button>
        </Tooltip>
        {/* Toggle buttons keep one name; aria-pressed says whether it is muted (the tooltip says what a click does). */}
        <Tooltip delay={TOOLTIP_DELAY_SLOW} label={TOGGLE_VIDEO.label(stage, card)} placement="top">
          <button type="button" className={`card-icon${card.videoMute ? ' off' : ''}${cued.video ? ' guard-cue' : ''}`} aria-label={`Mute video of ${card.name}`} aria-pressed={card.videoMute} disabled={!TOGGLE_VIDEO.enabled(stage, card)} onClick={() => TOGGLE_VIDEO.perform(card)}>
            {card.videoMute ? <VideoOff size={14} aria-hidden /> : <Video size={14} aria-hidden />}
          </button>
        </Tooltip>
        <Tooltip delay={TOOLTIP_DELAY_SLOW} label={TOGGLE_AUDIO.label(stage, card)} placement="top">
          <button type="button" className={`card-icon${card.audioMute ? ' off' : ''}${cued.audio ? ' guard-cue' : ''}`} aria-label={`Mute mic of ${card.name}`} aria-pressed={card.audioMute} disabled={!TOGGLE_AUDIO.enabled(stage, card)} onClick={() => TOGGLE_AUDIO.perform(card)}>
            {card.audioMute ? <MicOff size={14} aria-hidden /> : <Mic size={14} aria-hidden />}
          </button>
        </Tooltip>
        <Tooltip delay={TOOLTIP_DELAY_SLOW} label={TOGGLE_SPOTTED.label(stage, card)} placement="top">
          <button type="button" className={`card-icon${card.isSpotted ? ' active' : ''}`} aria-label={`Spotlight ${card.name}`} aria-pressed={card.isSpotted} disabled={!TOGGLE_SPOTTED.enabled(stage, card)} onClick={() => TOGGLE_SPOTTED.perform(card)}>
            <Maximize2 size={14} aria-hidden />
          </button>
        </Tooltip>
        <Tooltip delay={TOOLTIP_DELAY_SLOW} label="More options (Enter on the card)" placement="top">
          <button ref={menuButton} type="button" className="card-icon" aria-label={`Options for ${card.name}`} aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => stageActions.toggleMenu(card.id)}>
            <MoreVertical size={14} aria-hidden />
          </button>
        </Tooltip>
      </div>
      {menuOpen && <ParticipantMenu card={card} isSelf={isSelf} anchor={menuButton.current} onRename={() => stageActions.startRename(card.id)} onClose={stageActions.closeMenu} />}
    </article>
  );
}
