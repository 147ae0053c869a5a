/**
 * Receives the meeting's feeds a page wants (the studio: everyone backstage; the output page: who is
 * on air) and only those: it subscribes to a wanted feed once it is published, stops one no longer
 * wanted, plays received audio where asked, and samples audio levels (§9 every 333 ms) and network
 * quality (src/lib/callQuality.ts) of what it receives.
 */
import { CALL_QUALITY_SAMPLE_MS } from '../../lib/callQuality';
import { levelFromRms, rmsOf } from '../../lib/micLevel';
import { VOLUME_SAMPLE_MS } from '../../lib/limits';
import { errorMessage, log } from '../../log';
import { createQualityReader } from './networkQuality';
import type { Feed, RoomMember, Subscription } from './videoRoom';

/** A failed subscription is tried again after this long, while the feed is still wanted. */
export const SUBSCRIBE_RETRY_MS = 1000;

export interface FeedMediaOptions {
  /** The feeds to receive out of those published now. */
  wanted(published: ReadonlySet<string>): ReadonlySet<string>;
  /** A feed's stream arrived (or, with null, is gone). */
  onStream(feed: string, stream: MediaStream | null): void;
  /** Whether this page plays the feed's sound. */
  playsAudio(feed: string): boolean;
  onLevels?(levels: Record<string, number>): void;
  onQuality?(feed: string, callQuality: number): void;
}

interface Received {
  subscription: Subscription;
  audio: HTMLAudioElement | null;
  analyser: AnalyserNode | null;
  quality: () => Promise<number>;
}

export function createFeedMedia(o: FeedMediaOptions) {
  let member: RoomMember | null = null;
  const published = new Map<string, Feed>();
  const received = new Map<string, Received>();
  const pending = new Set<string>();
  const retries = new Map<string, ReturnType<typeof setTimeout>>();
  let context: AudioContext | null = null;
  let stopped = false;

  const audioContext = () => {
    if (!context && typeof AudioContext !== 'undefined') context = new AudioContext();
    void context?.resume().catch(() => undefined);
    return context;
  };

  function release(feed: string): void {
    const r = received.get(feed);
    if (!r) return;
    received.delete(feed);
    r.subscription.stop();
    if (r.audio) r.audio.srcObject = null;
    r.analyser?.disconnect();
    o.onStream(feed, null);
  }

  async function receive(feed: string): Promise<void> {
    if (!member) return;
    pending.add(feed);
    try {
      const subscription = await member.subscribe(feed);
      pending.delete(feed);
      if (stopped || !published.has(feed)) return subscription.stop();
      const hasAudio = () => subscription.stream.getAudioTracks().length > 0;
      let audio: HTMLAudioElement | null = null;
      if (o.playsAudio(feed)) {
        audio = new Audio();
        audio.autoplay = true;
        audio.srcObject = subscription.stream;
        void audio.play().catch(() => log.info('meeting', `sound of ${feed} waits for a click on the page (autoplay)`));
      }
      let analyser: AnalyserNode | null = null;
      const ctx = o.onLevels ? audioContext() : null;
      if (ctx) {
        // The audio track may arrive a moment after the stream: connect once it is there.
        const connect = () => {
          if (analyser || !hasAudio()) return;
          analyser = ctx.createAnalyser();
          ctx.createMediaStreamSource(new MediaStream(subscription.stream.getAudioTracks())).connect(analyser);
          const r = received.get(feed);
          if (r) r.analyser = analyser;
        };
        connect();
        subscription.stream.addEventListener('addtrack', connect);
      }
      received.set(feed, { subscription, audio, analyser, quality: createQualityReader(subscription.pc) });
      o.onStream(feed, subscription.stream);
    } catch (error) {
      pending.delete(feed);
      if (stopped) return;
      log.warn('meeting', `could not receive ${feed}: ${errorMessage(error)}`);
      retries.set(
        feed,
        setTimeout(() => {
          retries.delete(feed);
          reconcile();
        }, SUBSCRIBE_RETRY_MS),
      );
    }
  }

  function reconcile(): void {
    if (stopped || !member) return;
    const wanted = o.wanted(new Set(published.keys()));
    for (const feed of [...received.keys()]) if (!wanted.has(feed) || !published.has(feed)) release(feed);
    for (const feed of wanted) if (published.has(feed) && !received.has(feed) && !pending.has(feed) && !retries.has(feed)) void receive(feed);
  }

  const samples = new Float32Array(2048);
  const levelTimer = o.onLevels
    ? setInterval(() => {
        const levels: Record<string, number> = {};
        for (const [feed, r] of received) {
          if (!r.analyser) continue;
          r.analyser.getFloatTimeDomainData(samples.subarray(0, r.analyser.fftSize));
          levels[feed] = levelFromRms(rmsOf(samples.subarray(0, r.analyser.fftSize)));
        }
        if (Object.keys(levels).length) o.onLevels!(levels);
      }, VOLUME_SAMPLE_MS)
    : null;
  const qualityTimer = o.onQuality
    ? setInterval(() => {
        for (const [feed, r] of received) void r.quality().then((q) => !stopped && received.has(feed) && o.onQuality!(feed, q), () => undefined);
      }, CALL_QUALITY_SAMPLE_MS)
    : null;

  return {
    /** The room to receive from, once joined (the feeds it listed on joining are already added). */
    attach(next: RoomMember): void {
      member = next;
      reconcile();
    },
    /** The room is gone (a reconnect follows): what was received from it is dropped. */
    detach(): void {
      for (const feed of [...received.keys()]) release(feed);
      published.clear();
      member = null;
    },
    added(feeds: readonly Feed[]): void {
      for (const f of feeds) published.set(f.id, f);
      reconcile();
    },
    removed(feed: string): void {
      published.delete(feed);
      release(feed);
      reconcile();
    },
    /** What is wanted changed (the scene, the roster). */
    reconcile,
    publishedFeeds: (): ReadonlySet<string> => new Set(published.keys()),
    stop(): void {
      stopped = true;
      if (levelTimer) clearInterval(levelTimer);
      if (qualityTimer) clearInterval(qualityTimer);
      retries.forEach((t) => clearTimeout(t));
      for (const feed of [...received.keys()]) release(feed);
      void context?.close().catch(() => undefined);
    },
  };
}
