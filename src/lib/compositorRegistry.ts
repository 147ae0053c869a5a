/** The running compositors by role, so the test surface can read their frame statistics (never in a production build). */
import type { Compositor } from '../../compositor/render';

const running = new Map<string, Compositor>();

export function registerCompositor(role: 'preview' | 'output', compositor: Compositor | null): void {
  if (compositor) running.set(role, compositor);
  else running.delete(role);
}

export function compositorStats() {
  return Object.fromEntries([...running].map(([role, c]) => [role, c.stats()]));
}
