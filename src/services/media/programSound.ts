/**
 * What the audience hears, as one track: every on-air person's sound (the program page's received
 * feeds) and the shared foreground video, mixed with WebAudio into one MediaStreamDestination. The
 * feeds are always noted (cheap); the mix only exists once a capture asks for the track.
 * The studio measures the shared video's part of that sound here too (`level`): the element's sound
 * is routed into this page's audio graph, to an analyser, and never to the speakers (issue 26).
 */
import { levelFromRms, rmsOf } from '../../lib/micLevel';

/** Samples an element's analyser reads for one level (about 43 ms at 48 kHz). */
export const ELEMENT_ANALYSER_SIZE = 2048;

const streams = new Map<string, MediaStream>();
let context: AudioContext | null = null;
let mix: { out: MediaStreamAudioDestinationNode; sources: Map<string, AudioNode> } | null = null;
/** An element can feed one source node in its life: every use of it goes through this one. */
const elementSources = new WeakMap<HTMLMediaElement, MediaElementAudioSourceNode>();
const analysers = new WeakMap<HTMLMediaElement, { node: AnalyserNode; samples: Float32Array<ArrayBuffer> }>();

/** The page's one audio context (the capture asks for its sample rate; it is made once). */
function audioContext(sampleRate?: number): AudioContext {
  context ??= new AudioContext(sampleRate ? { sampleRate } : undefined);
  void context.resume().catch(() => undefined);
  return context;
}

/**
 * The element's sound as a node of the graph. From now on the element plays only into the graph: its
 * own output is off the speakers, and unmuted (a muted element gives the graph silence).
 */
function elementSource(el: HTMLMediaElement): MediaElementAudioSourceNode {
  let source = elementSources.get(el);
  if (!source) {
    source = audioContext().createMediaElementSource(el);
    elementSources.set(el, source);
  }
  el.muted = false;
  return source;
}

function connect(feed: string, stream: MediaStream): void {
  if (!mix || mix.sources.has(feed) || stream.getAudioTracks().length === 0) return;
  const source = audioContext().createMediaStreamSource(new MediaStream(stream.getAudioTracks()));
  source.connect(mix.out);
  mix.sources.set(feed, source);
}

/** Takes a feed out of the mix only (an element's source may also feed its analyser). */
function disconnect(feed: string): void {
  if (!mix) return;
  mix.sources.get(feed)?.disconnect(mix.out);
  mix.sources.delete(feed);
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
    const source = elementSource(el);
    source.connect(mix.out);
    mix.sources.set(key, source);
  },
  /**
   * How loud the element sounds now, on the §9 0..10 scale, read by an analyser on its source: the
   * studio's measure of the shared video's part of the program. Nothing reaches the page's speakers.
   */
  level(el: HTMLMediaElement): number {
    let analyser = analysers.get(el);
    if (!analyser) {
      const node = audioContext().createAnalyser();
      node.fftSize = ELEMENT_ANALYSER_SIZE;
      elementSource(el).connect(node);
      analyser = { node, samples: new Float32Array(ELEMENT_ANALYSER_SIZE) };
      analysers.set(el, analyser);
    }
    analyser.node.getFloatTimeDomainData(analyser.samples);
    return levelFromRms(rmsOf(analyser.samples));
  },
  /** The mixed track (made on first call; silence while nobody speaks, so the stream always has sound). */
  track(sampleRate: number): MediaStreamTrack {
    if (!mix) {
      const ctx = audioContext(sampleRate);
      mix = { out: ctx.createMediaStreamDestination(), sources: new Map() };
      // A destination with nothing connected gives no samples at all, and a recorder waiting for
      // sound then writes nothing: a constant zero keeps silence flowing.
      const silence = ctx.createConstantSource();
      silence.offset.value = 0;
      silence.connect(mix.out);
      silence.start();
      for (const [feed, stream] of streams) connect(feed, stream);
    }
    void audioContext().resume().catch(() => undefined);
    return mix.out.stream.getAudioTracks()[0]!;
  },
};
