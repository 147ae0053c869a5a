/**
 * The broadcast's video on the watch page (issue 23): autoplay starts muted (what browsers allow), with
 * controls and an Unmute button; a failed stream reconnects by itself and says so meanwhile.
 */
import { useEffect, useRef, useState } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { playHls } from '../../services/watch/hlsPlayer';
import { WATCH_TEXTS } from './texts';

/** `vertical`: the 9:16 program (issue 34), sized to the screen's height. */
export function LivePlayer({ src, title, vertical = false, children }: { src: string; title: string; vertical?: boolean; children?: React.ReactNode }) {
  const video = useRef<HTMLVideoElement>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const [unsupported, setUnsupported] = useState(false);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    setReconnecting(false);
    return playHls(v, src, { reconnecting: setReconnecting, unsupported: () => setUnsupported(true) });
  }, [src]);

  // The video's own controls may change the sound too: the button follows the element.
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const follow = () => setMuted(v.muted);
    v.addEventListener('volumechange', follow);
    return () => v.removeEventListener('volumechange', follow);
  }, []);

  const toggleSound = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
    if (!v.muted) void v.play()?.catch(() => undefined);
  };

  return (
    <div className={`watch-player${vertical ? ' vertical' : ''}`}>
      <div className="watch-frame">
        <video ref={video} className="watch-video" controls autoPlay muted playsInline aria-label={title || WATCH_TEXTS.pageTitle} data-testid="watch-video" />
        {reconnecting && (
          <p className="watch-reconnecting" role="status" data-testid="watch-reconnecting">
            {WATCH_TEXTS.reconnecting}
          </p>
        )}
      </div>
      {unsupported ? (
        <p className="inline-error" role="alert">
          {WATCH_TEXTS.unsupported}
        </p>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={toggleSound} data-testid="watch-sound">
          {muted ? <Volume2 size={16} aria-hidden /> : <VolumeX size={16} aria-hidden />} {muted ? WATCH_TEXTS.unmute : WATCH_TEXTS.mute}
        </button>
      )}
      {children}
    </div>
  );
}
