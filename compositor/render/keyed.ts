/**
 * Keyed reconciliation, shared by every layer of the scene (producers, templates, foreground media):
 * a view per key is reused and updated in place, created when its key appears and destroyed when it
 * leaves. The container's children then follow the given order, moving only what moved.
 */
import type { Container } from 'pixi.js';

export interface KeyedOps<M, V> {
  keyOf(model: M): string;
  /** A view for a new key; null when this build cannot draw the model (it is skipped). */
  create(model: M): V | null;
  /** The same key's new model; false when the view cannot take it (it is then recreated). */
  update(view: V, model: M): boolean;
  /** The view's key left (or its view is replaced: the key is then still in the map). */
  destroy(view: V, key: string): void;
}

/** Views for `models` in order; a duplicate key is drawn once, at its first position. */
export function reconcileKeyed<M, V extends object>(views: Map<string, V>, models: readonly M[], ops: KeyedOps<M, V>): V[] {
  const next: V[] = [];
  const seen = new Set<string>();
  for (const model of models) {
    const key = ops.keyOf(model);
    if (seen.has(key)) continue;
    seen.add(key);
    let view = views.get(key);
    if (view !== undefined && !ops.update(view, model)) {
      ops.destroy(view, key);
      views.delete(key);
      view = undefined;
    }
    if (view === undefined) {
      const created = ops.create(model);
      if (created === null) continue;
      view = created;
      views.set(key, view);
    }
    next.push(view);
  }
  for (const [key, view] of views) {
    if (seen.has(key)) continue;
    views.delete(key);
    ops.destroy(view, key);
  }
  return next;
}

/** Puts `roots` first in `container`, in this order. */
export function restack(container: Container, roots: readonly Container[]): void {
  const children = container.children;
  for (let i = 0; i < roots.length; i += 1) {
    const root = roots[i]!;
    if (children[i] === root) continue;
    if (root.parent === container) container.setChildIndex(root, i);
    else container.addChildAt(root, i);
  }
}
