/**
 * §2 haircheck: camera, microphone and speaker selection, live camera preview, mic level meter
 * (4 tiles), speaker test, and the way into the studio (button, or by itself once every kind of
 * device exists).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Mic, Play, Square, ArrowRight, VideoOff } from 'lucide-react';
import { MIC_METER_TILES_HAIRCHECK } from '../../lib/limits';
import { MicLevelMeter } from '../../ui/MicLevelMeter';
import { DeviceSelect } from '../../ui/DeviceSelect';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import type { StudioUser } from '../../state/session';
import { DeviceErrorDialog } from './DeviceErrorDialog';
import { hasEveryKind } from '../../services/media/devices';
import type { DeviceKind } from '../../lib/devices';
import { useAutoProceed } from './useAutoProceed';
import { useDeviceCheck } from './useDeviceCheck';
import { useMicLevel } from './useMicLevel';
import { useSpeakerTest } from './useSpeakerTest';

export interface HairCheckProps {
  user: StudioUser;
  eventTitle: string;
  connecting: boolean;
  onProceed: () => void;
  /** What a guest's page changes: its greeting, the button, no auto-proceed, and fields above the devices. */
  variant?: { greeting: string; intro: string; enterLabel: string; previewName: string; fields: ReactNode; canProceed: boolean };
}

function CameraPreview({ stream, status, name }: { stream: MediaStream | null; status: string; name: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  const hasVideo = !!stream && stream.getVideoTracks().length > 0;
  return (
    <div className="preview-frame" data-testid="camera-preview">
      <video ref={video} className="preview-video" autoPlay muted playsInline aria-label="Your camera" hidden={!hasVideo} />
      {!hasVideo && (
        <div className="preview-empty">
          {status === 'requesting' ? <Spinner size={32} label="Opening your camera" /> : <VideoOff size={40} aria-hidden />}
          <span>{status === 'requesting' ? 'Opening your camera…' : 'Camera is off'}</span>
        </div>
      )}
      <span className="preview-name">{name}</span>
    </div>
  );
}

export function HairCheck({ user, eventTitle, connecting, onProceed, variant }: HairCheckProps) {
  const check = useDeviceCheck();
  const level = useMicLevel(check.stream);
  const speaker = useSpeakerTest(check.selection.speaker);
  const { rememberAll } = check;

  const proceed = useCallback(() => {
    rememberAll();
    onProceed();
  }, [rememberAll, onProceed]);

  const ready = !variant && check.status === 'ready' && hasEveryKind(check.lists) && !connecting;
  const auto = useAutoProceed(ready, proceed);

  const choose = (kind: DeviceKind, id: string) => {
    auto.stop();
    check.choose(kind, id);
  };

  return (
    <main className="haircheck" data-testid="haircheck">
      <header className="haircheck-header">
        <Logo size={32} />
        <span className="haircheck-event">{eventTitle}</span>
      </header>
      <section className="haircheck-card" aria-labelledby="haircheck-title">
        <div className="haircheck-media">
          <CameraPreview stream={check.stream} status={check.status} name={variant?.previewName ?? `${user.firstName} ${user.lastName}`} />
          <div className="haircheck-meter">
            <Mic size={16} aria-hidden />
            <MicLevelMeter level={level} tiles={MIC_METER_TILES_HAIRCHECK} />
          </div>
        </div>
        <div className="haircheck-side">
          <h1 id="haircheck-title" className="haircheck-title">
            {variant?.greeting ?? `Hi ${user.firstName}, ready to go on air?`}
          </h1>
          <p className="muted">{variant?.intro ?? 'Check your camera, microphone and speaker before you enter the studio.'}</p>
          {variant?.fields}
          {check.status === 'error' && !check.errorCode && (
            <p className="inline-error" role="alert">
              Your camera and microphone are not available.{' '}
              <button type="button" className="link-button" onClick={check.reselect}>
                Try again
              </button>
            </p>
          )}
          {check.status === 'unavailable' && (
            <p className="inline-error" role="alert">
              This browser cannot access cameras or microphones on this page.
            </p>
          )}
          <DeviceSelect kind="camera" list={check.lists.camera} value={check.selection.camera} onChange={(id) => choose('camera', id)} />
          <DeviceSelect kind="microphone" list={check.lists.microphone} value={check.selection.microphone} onChange={(id) => choose('microphone', id)} />
          <div className="speaker-row">
            <DeviceSelect kind="speaker" list={check.lists.speaker} value={check.selection.speaker} onChange={(id) => choose('speaker', id)} />
            <button type="button" className="btn btn-secondary speaker-test" aria-pressed={speaker.playing} onClick={speaker.toggle}>
              {speaker.playing ? <Square size={14} aria-hidden /> : <Play size={14} aria-hidden />}
              {speaker.playing ? 'Stop' : 'Test'}
            </button>
          </div>
          <button type="button" className="btn btn-primary btn-large" onClick={proceed} disabled={connecting || (variant && !variant.canProceed)}>
            {variant?.enterLabel ?? 'ENTER STUDIO'} <ArrowRight size={18} aria-hidden />
          </button>
          <p className="auto-proceed" aria-live="polite">
            {auto.running && (
              <>
                Entering the studio in {auto.secondsLeft}s.{' '}
                <button type="button" className="link-button" onClick={auto.stop}>
                  Stay here
                </button>
              </>
            )}
          </p>
        </div>
      </section>
      {check.errorCode && (
        <DeviceErrorDialog
          onCancel={check.dismissError}
          onReselect={check.reselect}
        />
      )}
    </main>
  );
}
