/**
 * The camera feed the studio publishes: the raw camera, or the camera through a background effect.
 * Switching the effect never reopens the camera: the new processed stream is built first, then
 * published, then the old one stopped. While an effect is wanted the raw camera is never published
 * (the moderator turned it on to hide the room), so the feed stays empty until the first processed
 * stream is ready. If the segmentation cannot run here, the caller is told, and switches the
 * effects off (§4: camera blur is switched off if virtual blur is reported as unsupported).
 */
import { errorMessage, log } from '../../log';
import { sameEffect, type CameraEffect, type EffectStream } from './cameraEffects';

export interface CameraFeedDeps {
  publish(stream: MediaStream): void;
  /** The camera through the effect; rejects when effects cannot run here. */
  startEffect(camera: MediaStream, effect: CameraEffect): Promise<EffectStream>;
  unsupported(): void;
  /** True while an effect is being started (the camera is shown raw meanwhile), false once it shows or is given up. */
  starting?(starting: boolean): void;
}

export interface CameraFeed {
  /** Shows the camera through this effect (null: raw); resolves when it is published or abandoned. */
  apply(effect: CameraEffect | null): Promise<void>;
  stop(): void;
}

export function createCameraFeed(camera: MediaStream, deps: CameraFeedDeps): CameraFeed {
  let shown: EffectStream | null = null;
  let wanted: CameraEffect | null | undefined;
  let generation = 0;
  let stopped = false;

  const apply = async (effect: CameraEffect | null) => {
    if (wanted !== undefined && sameEffect(effect, wanted)) return;
    wanted = effect;
    const mine = ++generation;
    if (!effect) {
      deps.starting?.(false);
      deps.publish(camera);
      shown?.stop();
      shown = null;
      return;
    }
    deps.starting?.(true);
    let next: EffectStream;
    try {
      next = await deps.startEffect(camera, effect);
    } catch (error) {
      if (mine !== generation || stopped) return;
      deps.starting?.(false);
      log.warn('camera-effects', `background effects unavailable: ${errorMessage(error)}`);
      deps.unsupported();
      return;
    }
    // A newer choice (or the end of the studio) overtook this one while it started.
    if (mine !== generation || stopped) return next.stop();
    deps.starting?.(false);
    deps.publish(next.stream);
    shown?.stop();
    shown = next;
  };

  return {
    apply,
    stop() {
      stopped = true;
      deps.starting?.(false);
      shown?.stop();
      shown = null;
    },
  };
}
