/**
 * A guest in the event: backstage or on air, the program return, their own preview with mic and
 * camera toggles (refused, with the reason, while the host has disabled them), Share Screen and Leave.
 */
import { useEffect, useRef } from 'react';
import { LogOut, Mic, MicOff, Radio, Video, VideoOff } from 'lucide-react';
import { mediaKey } from '../../../compositor/model/channel';
import { guestScreenShare, leaveAsGuest, toggleGuestMedia } from '../../services/meeting/guestSession';
import { media } from '../../services/media/elements';
import { useGuestStore } from '../../state/guestStore';
import { Logo } from '../../ui/Logo';
import { Tooltip } from '../../ui/Tooltip';
import { ScreenShareButton } from '../meeting/MeetingButtons';
import { startProgramCanvas } from '../output/programCanvas';

/** The program return's drawing size: a quarter of the output's pixels is plenty for a monitor. */
const RETURN_WIDTH = 960;
const RETURN_HEIGHT = 540;

function ProgramReturn() {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => (canvas.current ? startProgramCanvas(canvas.current, { width: RETURN_WIDTH, height: RETURN_HEIGHT, name: 'return' }) : undefined), []);
  return <canvas ref={canvas} className="guest-return" width={RETURN_WIDTH} height={RETURN_HEIGHT} aria-label="Program return: what the audience sees" data-testid="program-return" />;
}

function OwnPreview({ id }: { id: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const show = () => {
      const el = media.get(mediaKey.producer(id));
      const stream = el instanceof HTMLVideoElement ? el.srcObject : null;
      const video = box.current?.querySelector('video');
      if (video && video.srcObject !== stream) video.srcObject = stream;
    };
    show();
    return media.subscribe(show);
  }, [id]);
  return (
    <div ref={box} className="guest-preview">
      <video autoPlay muted playsInline aria-label="Your camera" data-testid="guest-preview" />
    </div>
  );
}

export function GuestView() {
  const self = useGuestStore((s) => s.self);
  const onAir = useGuestStore((s) => s.onAir);
  const eventTitle = useGuestStore((s) => s.eventTitle);
  const notice = useGuestStore((s) => s.notice);
  if (!self) return null;
  const micTip = self.audioHardMute ? 'The host has disabled your microphone' : self.audioMute ? 'Unmute your microphone' : 'Mute your microphone';
  const camTip = self.videoHardMute ? 'The host has disabled your camera' : self.videoMute ? 'Turn your camera on' : 'Turn your camera off';
  return (
    <main className="guest-view" data-testid="guest-view">
      <header className="guest-header">
        <Logo size={28} />
        <span className="guest-event">{eventTitle}</span>
        <span className={`guest-status${onAir ? ' on-air' : ''}`} role="status" data-testid="guest-status">
          {onAir ? <Radio size={14} aria-hidden /> : null}
          {onAir ? 'You are on air' : 'You are backstage'}
        </span>
      </header>
      <section className="guest-main">
        <div className="guest-program">
          <h2 className="guest-label">Program</h2>
          <ProgramReturn />
        </div>
        <aside className="guest-side">
          <h2 className="guest-label">You</h2>
          <OwnPreview id={self.participantId} />
          <p className="guest-name-line" data-testid="guest-own-name">
            {self.name}
          </p>
          <div className="guest-controls" role="toolbar" aria-label="Your camera and microphone">
            <Tooltip label={micTip}>
              <button type="button" className={`control-button${self.audioMute ? ' off' : ''}`} aria-pressed={self.audioMute} aria-label="Mute audio" aria-disabled={self.audioHardMute} onClick={() => toggleGuestMedia('audio')} data-testid="guest-mic">
                {self.audioMute ? <MicOff size={18} aria-hidden /> : <Mic size={18} aria-hidden />}
              </button>
            </Tooltip>
            <Tooltip label={camTip}>
              <button type="button" className={`control-button${self.videoMute ? ' off' : ''}`} aria-pressed={self.videoMute} aria-label="Mute video" aria-disabled={self.videoHardMute} onClick={() => toggleGuestMedia('video')} data-testid="guest-camera">
                {self.videoMute ? <VideoOff size={18} aria-hidden /> : <Video size={18} aria-hidden />}
              </button>
            </Tooltip>
            <ScreenShareButton live={guestScreenShare} />
          </div>
          {notice && (
            <p className="inline-error" role="alert" data-testid="guest-notice-line">
              {notice}
            </p>
          )}
          <button type="button" className="btn btn-ghost guest-leave" onClick={leaveAsGuest} data-testid="guest-leave">
            <LogOut size={16} aria-hidden /> Leave
          </button>
        </aside>
      </section>
    </main>
  );
}
