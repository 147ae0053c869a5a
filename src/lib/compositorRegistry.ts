/**
 * The running compositors by role, with the scene each draws: the Stats panel and the frame-budget HUD
 * read their frame windows (issue 33), and the test surface their statistics. Reading costs a
 * summary when asked (a few times a second); drawing pays nothing for it.
 */
import type { Compositor } from '../../compositor/render';
import type { SceneModel } from '../../compositor/model/scene';

/** The studio's 16:9 preview, its vertical (9:16) one (issue 34), and the output page's program. */
export type CompositorRole = 'preview' | 'vertical' | 'output';

interface Running {
  compositor: Compositor;
  scene: () => SceneModel;
}

const running = new Map<CompositorRole, Running>();

export function registerCompositor(role: CompositorRole, compositor: Compositor | null, scene?: () => SceneModel): void {
  if (compositor && scene) running.set(role, { compositor, scene });
  else running.delete(role);
}

export function runningCompositor(role: CompositorRole): Running | null {
  return running.get(role) ?? null;
}

export function compositorStats() {
  return Object.fromEntries([...running].map(([role, r]) => [role, r.compositor.stats()]));
}
