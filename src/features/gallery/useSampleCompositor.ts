/**
 * One compositor per gallery card: created on the card's canvas once, fed the card's sample through a
 * { getState, subscribe } source (a new sample redraws in place, so a colour change does not replay
 * the graphic), its media painted from the sample's colours.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { createCompositor, type Compositor, type MediaElement } from '../../../compositor/render';
import type { SceneModel } from '../../../compositor/model/scene';
import { errorMessage, log } from '../../log';
import { paintSample, type TemplateSample } from './gallerySamples';

class SampleSource {
  private readonly listeners = new Set<() => void>();
  constructor(private scene: SceneModel) {}
  getState = (): SceneModel => this.scene;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(scene: SceneModel): void {
    this.scene = scene;
    this.listeners.forEach((l) => l());
  }
}

export function useSampleCompositor(canvas: RefObject<HTMLCanvasElement | null>, sample: TemplateSample, width: number, height: number): void {
  const source = useRef<SampleSource | null>(null);
  const media = useRef(new Map<string, MediaElement>());
  const compositor = useRef<Compositor | null>(null);

  useEffect(() => {
    for (const [key, color] of Object.entries(sample.colors)) media.current.set(key, paintSample(key, color));
    if (source.current) {
      source.current.set(sample.scene);
      compositor.current?.invalidateMedia();
    }
  }, [sample]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const controller = new AbortController();
    const src = (source.current ??= new SampleSource(sample.scene));
    let live: Compositor | null = null;
    createCompositor({ canvas: el, width, height, source: src, media: (key) => media.current.get(key) ?? null, signal: controller.signal })
      .then((c) => {
        live = c;
        compositor.current = c;
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) log.warn('gallery', `compositor failed to start: ${errorMessage(e)}`);
      });
    return () => {
      controller.abort();
      live?.destroy();
      compositor.current = null;
    };
    // The compositor lives as long as the card; new samples go through the source above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canvas, width, height]);
}
