/**
 * The sample guests of the demo channel 'testing' (§1) and a simulated panel conversation that drives
 * their audio levels (§3 Producer card: speaking, callQuality, timezone; §9 volume sampled every 333 ms).
 * Each guest's feed is a committed looping clip, assets/video/{videoFile}.webm (+ .jpg poster), made by
 * assets/generate-guests.sh. Pure data and pure functions: no clocks, no Math.random (the one seeded
 * random source of src/lib).
 */
import { createRandom } from '../lib/random';

export type DemoGuestRole = 'Panelist' | 'Moderator';

export interface DemoGuest {
  /** Producer-card id; distinct from the moderator's own card. */
  readonly id: string;
  /** Display name, first and last. */
  readonly name: string;
  readonly role: DemoGuestRole;
  /** IANA time zone, for the participant menu's local time. */
  readonly timezone: string;
  /** Network quality 1 (poor) .. 5 (excellent); §3 default is 5. */
  readonly callQuality: number;
  /** Base name of the feed in assets/video/ (no extension). */
  readonly videoFile: string;
  readonly participantGuid: string;
  readonly audioMute: boolean;
  readonly videoMute: boolean;
}

/**
 * Six guests whose names and looks match their clips: guest-1 short brown hair and navy sweater,
 * guest-2 curly black hair and mustard shirt, guest-3 long auburn hair and burgundy top, guest-4 hair
 * in a bun and charcoal hoodie, guest-5 grey hair and light-blue shirt, guest-6 shaved head and teal top.
 */
export const DEMO_GUESTS: readonly DemoGuest[] = [
  {
    id: 'demo-guest-1',
    name: 'Lukas Becker',
    role: 'Panelist',
    timezone: 'Europe/Berlin',
    callQuality: 5,
    videoFile: 'guest-1',
    participantGuid: '3f9a1c2e-7b4d-4e61-9a0f-5c8d2b6e1a01',
    audioMute: false,
    videoMute: false,
  },
  {
    id: 'demo-guest-2',
    name: 'Amara Okafor',
    role: 'Panelist',
    timezone: 'Africa/Lagos',
    callQuality: 4,
    videoFile: 'guest-2',
    participantGuid: '8c2e5d71-0a3f-4b9c-8e16-2d7f4a9b3c02',
    audioMute: false,
    videoMute: false,
  },
  {
    id: 'demo-guest-3',
    name: 'Siobhan Walsh',
    role: 'Moderator',
    timezone: 'Europe/Dublin',
    callQuality: 5,
    videoFile: 'guest-3',
    participantGuid: 'b71d4f08-2c6e-4a35-b9d2-7e0a1f5c8d03',
    audioMute: false,
    videoMute: false,
  },
  {
    id: 'demo-guest-4',
    name: 'Camila Reyes',
    role: 'Panelist',
    timezone: 'America/Mexico_City',
    callQuality: 2,
    videoFile: 'guest-4',
    participantGuid: '5e0b9a3c-6d1f-4c87-a2e4-9f3b6c0d7e04',
    audioMute: false,
    videoMute: false,
  },
  {
    id: 'demo-guest-5',
    name: 'Rajesh Iyer',
    role: 'Panelist',
    timezone: 'Asia/Kolkata',
    callQuality: 4,
    videoFile: 'guest-5',
    participantGuid: 'd4a6c8e2-9b0f-4e13-8c5a-1b7d3f9e2a05',
    audioMute: false,
    videoMute: false,
  },
  {
    id: 'demo-guest-6',
    name: 'Marcus Thompson',
    role: 'Panelist',
    timezone: 'America/Chicago',
    callQuality: 5,
    videoFile: 'guest-6',
    participantGuid: '1a7e3b9d-4f2c-4d68-b0e5-6a9c2d8f4b06',
    audioMute: false,
    videoMute: false,
  },
];

/** A level at or above this (0..10 scale) means the speaking indicator is on. */
export const SPEAKING_LEVEL_THRESHOLD = 3;

export interface SpeakingSimulator {
  /**
   * Audio level 0..10 (one decimal) of every guest at `timeMs` since the conversation started.
   * Pure: the same seed, guests and time always give the same levels; times before 0 count as 0.
   */
  levelsAt(timeMs: number): Record<string, number>;
}

/** One stretch of the conversation: a main speaker, optionally a short interjection by another guest. */
interface Turn {
  readonly speaker: number;
  readonly start: number;
  readonly end: number;
  readonly interjector: number;
  readonly interjectStart: number;
  readonly interjectEnd: number;
}

// Conversation shape, in ms. Every guest gets one turn per round (rounds are shuffled), so with six
// guests a round lasts at most 6 × (TURN_MAX + GAP_MAX) ≈ 37 s and everyone has spoken within a minute.
const TURN_MIN = 2500;
const TURN_MAX = 5500;
/** Between turns: a short overlap (negative) up to a pause. */
const GAP_MIN = -250;
const GAP_MAX = 700;
const INTERJECT_CHANCE = 0.35;
const INTERJECT_MIN = 600;
const INTERJECT_MAX = 1500;
/** Interjections stay clear of the turn's edges, so at most two guests are ever above the threshold. */
const INTERJECT_MARGIN = 900;
const ATTACK = 120;
const RELEASE = 220;
/**
 * A listener is not a dead microphone: every guest makes a short quiet remark ('mm-hm', 'right', a
 * laugh) once in every LISTENER_REMARK_EVERY_MS, at a seeded moment within it. Quieter than talk (below
 * the speaking threshold: no speaking border, never a third voice), louder than the silence level of
 * the 10 s silent sign (SILENCE_LEVEL): an on-air guest with an open mic is never taken for silent.
 * Two remarks are at most 2 × EVERY − 2 × MIN apart (one at the start of its stretch, the next at the
 * end of the following one), plus their fades: DEMO_LONGEST_QUIET_MS, well under the 10 s of the sign.
 */
export const LISTENER_REMARK_EVERY_MS = 4000;
export const LISTENER_REMARK_MIN_MS = 700;
export const LISTENER_REMARK_MAX_MS = 1000;
/** A remark's level: LOW plus up to SPAN of syllable fluctuation (0..10 scale). */
export const LISTENER_REMARK_LOW = 1.8;
export const LISTENER_REMARK_SPAN = 0.8;
/** The longest any guest is below the silence level: two remarks as far apart as can be, and their fades. */
export const DEMO_LONGEST_QUIET_MS = 2 * LISTENER_REMARK_EVERY_MS - 2 * LISTENER_REMARK_MIN_MS + ATTACK + RELEASE;
/** Syllable-rate and phrase-rate fluctuation cells. */
const SYLLABLE_MS = 110;
const PHRASE_MS = 950;

/** Stateless hash of three integers to [0, 1), for noise that can be sampled at any time. */
function hash01(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c ^ 0x27d4eb2f, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) over time, one independent stream per (seed, channel). */
function valueNoise(seed: number, channel: number, timeMs: number, cellMs: number): number {
  const x = timeMs / cellMs;
  const i = Math.floor(x);
  const f = x - i;
  const s = f * f * (3 - 2 * f);
  const a = hash01(seed, channel, i);
  const b = hash01(seed, channel, i + 1);
  return a + (b - a) * s;
}

/** 0 outside [start, end], ramping up over ATTACK and down over RELEASE. */
function envelope(t: number, start: number, end: number): number {
  if (t <= start || t >= end) return 0;
  return Math.min(1, (t - start) / ATTACK, (end - t) / RELEASE);
}

const clampLevel = (v: number) => Math.round(Math.min(10, Math.max(0, v)) * 10) / 10;

/**
 * A seeded, deterministic panel conversation among `guestIds`: guests take turns of a few seconds,
 * sometimes with a brief interjection from a second guest; never more than two talk at once. A talking
 * guest's level fluctuates between about 4 and 10; a listening one stays below 0.5 but for a quiet
 * remark (about 2) in every LISTENER_REMARK_EVERY_MS.
 */
export function createSpeakingSimulator(seed: number, guestIds: string[]): SpeakingSimulator {
  const ids = [...guestIds];
  const n = ids.length;
  const rand = createRandom(seed).next;
  const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
  const noiseSeed = Math.floor(rand() * 0x7fffffff);
  const turns: Turn[] = [];
  let cursor = 0;
  let last = -1;

  /** Appends one shuffled round: every guest speaks once, never the same guest twice in a row. */
  function addRound(): void {
    const order = ids.map((_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    if (n > 1 && order[0] === last) [order[0], order[1]] = [order[1] as number, order[0] as number];
    for (const speaker of order) {
      const start = cursor;
      const end = start + between(TURN_MIN, TURN_MAX);
      let interjector = -1;
      let interjectStart = 0;
      let interjectEnd = 0;
      if (n > 1 && rand() < INTERJECT_CHANCE) {
        interjector = (speaker + 1 + Math.floor(rand() * (n - 1))) % n;
        const length = between(INTERJECT_MIN, INTERJECT_MAX);
        const room = end - start - 2 * INTERJECT_MARGIN - length;
        if (room > 0) {
          interjectStart = start + INTERJECT_MARGIN + rand() * room;
          interjectEnd = interjectStart + length;
        } else {
          interjector = -1;
        }
      }
      turns.push({ speaker, start, end, interjector, interjectStart, interjectEnd });
      cursor = end + between(GAP_MIN, GAP_MAX);
      last = speaker;
    }
  }

  /** Index of the last turn starting at or before t (turns are grown lazily and deterministically). */
  function turnIndexAt(t: number): number {
    while (cursor <= t + TURN_MAX + GAP_MAX) addRound();
    let lo = 0;
    let hi = turns.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((turns[mid] as Turn).start <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  return {
    levelsAt(timeMs: number): Record<string, number> {
      const t = Number.isFinite(timeMs) ? Math.max(0, timeMs) : 0;
      const talk = new Array<number>(n).fill(0);
      const chime = new Array<number>(n).fill(0);
      if (n > 0) {
        const at = turnIndexAt(t);
        // The previous turn may still be fading out (or overlapping) when the next one starts.
        for (let k = Math.max(0, at - 1); k <= at; k++) {
          const turn = turns[k] as Turn;
          const e = envelope(t, turn.start, turn.end);
          talk[turn.speaker] = Math.max(talk[turn.speaker] ?? 0, e);
          if (turn.interjector >= 0) {
            const ei = envelope(t, turn.interjectStart, turn.interjectEnd);
            chime[turn.interjector] = Math.max(chime[turn.interjector] ?? 0, ei);
          }
        }
      }
      const levels: Record<string, number> = {};
      ids.forEach((id, i) => {
        const syllable = valueNoise(noiseSeed, i * 3, t, SYLLABLE_MS);
        const phrase = valueNoise(noiseSeed, i * 3 + 1, t, PHRASE_MS);
        const room = valueNoise(noiseSeed, i * 3 + 2, t, SYLLABLE_MS * 2);
        const speaking = 4.2 + 4.3 * syllable + 1.5 * phrase;
        const interjecting = 3.6 + 3.4 * syllable;
        const silent = 0.45 * room;
        const e = Math.max(talk[i] ?? 0, chime[i] ?? 0);
        const voiced = (talk[i] ?? 0) >= (chime[i] ?? 0) ? speaking : interjecting;
        // This stretch's remark (it starts and ends within the stretch).
        const stretch = Math.floor(t / LISTENER_REMARK_EVERY_MS);
        const length = LISTENER_REMARK_MIN_MS + (LISTENER_REMARK_MAX_MS - LISTENER_REMARK_MIN_MS) * hash01(noiseSeed, 1000 + i * 2, stretch);
        const from = stretch * LISTENER_REMARK_EVERY_MS + (LISTENER_REMARK_EVERY_MS - length) * hash01(noiseSeed, 1001 + i * 2, stretch);
        const remark = envelope(t, from, from + length) * (LISTENER_REMARK_LOW + LISTENER_REMARK_SPAN * syllable - silent);
        levels[id] = clampLevel(Math.max(silent + (voiced - silent) * e, silent + remark));
      });
      return levels;
    },
  };
}
