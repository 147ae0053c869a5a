/**
 * Golden-image surface (DESIGN "Scenes as test files"), in non-production builds only:
 * window.__OUTPUT__.render(scene, colors) draws a fixed SceneModel whose sources are solid colours
 * on the output page; renderAt(scene, colors, width, height, zoom) draws the same scene on a
 * second, preview-sized compositor and returns it as a PNG data URL, so tests can check that the
 * preview shows what the output shows.
 */
import { createCompositor, type Compositor } from '../../../compositor/render';
import type { SceneModel } from '../../../compositor/model/scene';
import { media } from '../../services/media';

function solid(color: string) {
  const c = document.createElement('canvas');
  c.width = 320;
  c.height = 180;
  const g = c.getContext('2d')!;
  g.fillStyle = color;
  g.fillRect(0, 0, c.width, c.height);
  return c;
}

export function installOutputTestHook(compositor: Compositor, setScene: (scene: SceneModel) => void): void {
  const register = (colors: Record<string, string>) => {
    for (const [key, color] of Object.entries(colors)) media.register(key, solid(color));
  };
  (window as unknown as { __OUTPUT__: unknown }).__OUTPUT__ = {
    render(scene: SceneModel, colors: Record<string, string>) {
      register(colors);
      compositor.invalidateMedia();
      setScene(scene);
      compositor.renderNow();
    },
    async renderAt(scene: SceneModel, colors: Record<string, string>, width: number, height: number, zoom: number): Promise<string> {
      register(colors);
      const canvas = document.createElement('canvas');
      const c = await createCompositor({ canvas, width, height, zoom, source: { getState: () => scene, subscribe: () => () => undefined }, media: media.get });
      try {
        c.renderNow();
        return canvas.toDataURL('image/png');
      } finally {
        c.destroy();
      }
    },
    stats: () => compositor.stats(),
  };
}
