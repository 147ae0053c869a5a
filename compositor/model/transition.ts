/**
 * How the program goes from one look to the next (issue 25, run of show): a Cut, or a Fade over a
 * duration. A take of a scene carries one; the compositor draws it on its own clock from this data,
 * so the preview and the output page show the same frames.
 */

/** The default length of a Fade (issue 25: "Fade with a duration (default 500 ms)"). */
export const DEFAULT_FADE_MS = 500;
/** The shortest and longest Fade a moderator may choose. */
export const FADE_MIN_MS = 100;
export const FADE_MAX_MS = 5000;

export type Transition = { kind: 'cut' } | { kind: 'fade'; durationMs: number };

export const CUT: Transition = { kind: 'cut' };
export const defaultFade = (): Transition => ({ kind: 'fade', durationMs: DEFAULT_FADE_MS });

/**
 * A transition in progress, as the compositor receives it with a scene: `id` is new for every take
 * (the compositor starts a transition when it sees a new id), `startedAt` the take's wall-clock time
 * (ms since the epoch) so a page that joins mid-fade draws the same moment the others draw.
 */
export interface SceneTransition {
  id: string;
  transition: Transition;
  startedAt: number;
}

/** A Fade's length kept within its limits (a Cut has none). */
export function clampTransition(t: Transition): Transition {
  if (t.kind === 'cut') return CUT;
  const ms = Number.isFinite(t.durationMs) ? Math.round(t.durationMs) : DEFAULT_FADE_MS;
  return { kind: 'fade', durationMs: Math.min(FADE_MAX_MS, Math.max(FADE_MIN_MS, ms)) };
}

/** A take's id: short and URL-safe, like the scene ids it goes with. */
export const TAKE_ID_MAX = 64;

/** Whether `v` is a SceneTransition as a take writes it (a Fade within its limits). */
export function isSceneTransition(v: unknown): v is SceneTransition {
  if (typeof v !== 'object' || v === null) return false;
  const { id, transition: t, startedAt } = v as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > TAKE_ID_MAX || typeof startedAt !== 'number' || !Number.isFinite(startedAt)) return false;
  if (typeof t !== 'object' || t === null) return false;
  const { kind, durationMs } = t as Record<string, unknown>;
  return kind === 'cut' || (kind === 'fade' && typeof durationMs === 'number' && durationMs >= FADE_MIN_MS && durationMs <= FADE_MAX_MS);
}

/**
 * The run of show's take as the channel carries it (issue 25): its transition and, while a show
 * runs, the scene taken, the show's start and the producer (client origin) who took it. It is one
 * key of the channel, so a take is one update: every producer sees the look and the live scene change
 * together, and undoing a take undoes both. Without `sceneId` the show has ended (the look stays).
 * The compositor reads only the transition.
 */
export interface ChannelTake extends SceneTransition {
  sceneId?: string;
  /** Wall-clock ms of the show's first take. */
  showStartedAt?: number;
  by?: string;
}

/** A take as the channel carries it, its show fields kept only when well-formed; null when it is not one. */
export function parseChannelTake(v: unknown): ChannelTake | null {
  if (!isSceneTransition(v)) return null;
  const { sceneId, showStartedAt, by } = v as unknown as Record<string, unknown>;
  const take: ChannelTake = { id: v.id, transition: v.transition.kind === 'cut' ? { kind: 'cut' } : { kind: 'fade', durationMs: v.transition.durationMs }, startedAt: v.startedAt };
  if (typeof sceneId !== 'string' || sceneId === '') return take;
  const started = typeof showStartedAt === 'number' && Number.isFinite(showStartedAt) && showStartedAt <= v.startedAt ? showStartedAt : v.startedAt;
  return { ...take, sceneId, showStartedAt: started, by: typeof by === 'string' ? by : '' };
}
