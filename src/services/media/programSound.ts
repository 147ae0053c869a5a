/**
 * What the audience hears, as one track: every on-air person's sound (the program page's received
 * feeds) and the shared foreground video, mixed with WebAudio into one MediaStreamDestination. The
 * feeds are always noted (cheap); the mix only exists once a capture asks for the track.
 */
const streams = new Map<string, MediaStream>();
let mix: { ctx: AudioContext; out: MediaStreamAudioDestinationNode; sources: Map<string, AudioNode> } | null = null;
const elementSources = new WeakMap<HTMLMediaElement, MediaElementAudioSourceNode>();

function connect(feed: string, stream: MediaStream): void {
  if (!mix || mix.sources.has(feed) || stream.getAudioTracks().length === 0) return;
  const source = mix.ctx.createMediaStreamSource(new MediaStream(stream.getAudioTracks()));
  source.connect(mix.out);
  mix.sources.set(feed, source);
}

function disconnect(feed: string): void {
  mix?.sources.get(feed)?.disconnect();
  mix?.sources.delete(feed);
}

export const programSound = {
  /** A received on-air feed (null: gone). Its audio track may arrive after the stream: connected then. */
  feed(feed: string, stream: MediaStream | null): void {
    disconnect(feed);
    if (!stream) {
      streams.delete(feed);
      return;
    }
    streams.set(feed, stream);
    connect(feed, stream);
    stream.addEventListener('addtrack', () => streams.get(feed) === stream && connect(feed, stream));
  },
  /** The shared video's element: its sound joins the mix (and leaves the page's speakers). */
  element(key: string, el: HTMLMediaElement | null): void {
    disconnect(key);
    if (!mix || !el) return;
    let source = elementSources.get(el);
    if (!source) {
      source = mix.ctx.createMediaElementSource(el);
      elementSources.set(el, source);
    }
    el.muted = false;
    source.connect(mix.out);
    mix.sources.set(key, source);
  },
  /** The mixed track (made on first call; silence while nobody speaks, so the stream always has sound). */
  track(sampleRate: number): MediaStreamTrack {
    if (!mix) {
      const ctx = new AudioContext({ sampleRate });
      mix = { ctx, out: ctx.createMediaStreamDestination(), sources: new Map() };
      // A destination with nothing connected gives no samples at all, and a recorder waiting for
      // sound then writes nothing: a constant zero keeps silence flowing.
      const silence = ctx.createConstantSource();
      silence.offset.value = 0;
      silence.connect(mix.out);
      silence.start();
      for (const [feed, stream] of streams) connect(feed, stream);
    }
    void mix.ctx.resume().catch(() => undefined);
    return mix.out.stream.getAudioTracks()[0]!;
  },
};
