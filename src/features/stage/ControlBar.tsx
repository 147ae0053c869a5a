/**
 * §2 top control bar over the preview: own video and audio mute, Share Screen and Invite Guest
 * (the registration pop-up in the demo, real in backend mode), and the toggle that collapses the bar.
 */
import { ChevronDown, ChevronUp, Video, VideoOff } from 'lucide-react';
import { MeetingButtons } from '../meeting/MeetingButtons';
import { useAudioLevels } from '../../state/audioLevels';
import { useScreenStore } from '../../state/screenStore';
import { stageActions } from '../../state/channel/stageActions';
import { useChannelStore } from '../../state/channel/store';
import { SELF_ID } from '../../state/session';
import { MicLevelIcon } from '../../ui/MicLevelIcon';
import { Tooltip } from '../../ui/Tooltip';
import { TEXTS } from '../../lib/texts';

export function ControlBar() {
  const visible = useScreenStore((s) => s.liveControlsVisible);
  const self = useChannelStore((s) => s.doc.producers.find((p) => p.id === SELF_ID));
  const level = useAudioLevels((s) => s.levels[SELF_ID] ?? 0);
  const { setLiveControlsVisible } = useScreenStore.getState();

  return (
    <div className={`control-bar${visible ? '' : ' collapsed'}`} data-testid="control-bar">
      {visible && self && (
        <div className="control-group" role="toolbar" aria-label="Your camera and microphone">
          <Tooltip label={self.videoMute ? 'Turn your camera on' : 'Turn your camera off'}>
            <button type="button" className={`control-button${self.videoMute ? ' off' : ''}`} aria-pressed={self.videoMute} aria-label="Mute video" onClick={() => stageActions.toggleMute(SELF_ID, 'video')}>
              {self.videoMute ? <VideoOff size={18} aria-hidden /> : <Video size={18} aria-hidden />}
            </button>
          </Tooltip>
          <Tooltip label={self.audioHardMute ? 'Your microphone is disabled' : self.audioMute ? 'Unmute your microphone' : 'Mute your microphone'}>
            <button
              type="button"
              className={`control-button${self.audioMute ? ' off' : ''}`}
              aria-pressed={self.audioMute}
              aria-label="Mute audio"
              disabled={self.audioHardMute}
              onClick={() => stageActions.toggleMute(SELF_ID, 'audio')}
            >
              <MicLevelIcon level={level} muted={self.audioMute} hardMuted={self.audioHardMute} />
            </button>
          </Tooltip>
        </div>
      )}
      {visible && (
        <div className="control-group">
          <MeetingButtons />
        </div>
      )}
      <button type="button" className="link-button control-toggle" onClick={() => setLiveControlsVisible(!visible)} aria-expanded={visible}>
        {visible ? <ChevronUp size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
        {visible ? TEXTS.hideVideoControls : TEXTS.showVideosControls}
      </button>
    </div>
  );
}
