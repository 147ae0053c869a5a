/**
 * Golden-image surface (DESIGN "Scenes as test files"), in non-production builds only:
 * window.__OUTPUT__.render(scene, colors) draws a fixed SceneModel whose sources are solid colours,
 * and pixels(x, y, w, h) reads the canvas back.
 */
import type { Compositor } from '../../../compositor/render';
import type { SceneModel } from '../../../compositor/model/scene';
import { media } from '../../services/media';

export function installOutputTestHook(compositor: Compositor, setScene: (scene: SceneModel) => void): void {
  const solid = (color: string) => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 180;
    const g = c.getContext('2d')!;
    g.fillStyle = color;
    g.fillRect(0, 0, c.width, c.height);
    return c;
  };
  (window as unknown as { __OUTPUT__: unknown }).__OUTPUT__ = {
    render(scene: SceneModel, colors: Record<string, string>) {
      for (const [key, color] of Object.entries(colors)) media.register(key, solid(color));
      compositor.invalidateMedia();
      setScene(scene);
      compositor.renderNow();
    },
    stats: () => compositor.stats(),
  };
}
