/** Correctness checks in a real browser: the video frame path and re-creating on one canvas. */
import { createCompositor } from '../../compositor/render';
import { card, sceneOf, Store } from './scene';

export interface RendererInternals {
  name: string;
  gl?: WebGL2RenderingContext;
  canvas: HTMLCanvasElement;
  texture?: { _managedTextures?: { items: Record<string, unknown> } };
  limits?: { maxBatchableTextures: number; maxTextures: number };
}

export function canvasEl(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  document.body.appendChild(c);
  return c;
}

/**
 * A real <video> (assets/video, VP8/VP9 webm) as a producer: frames come from requestVideoFrameCallback,
 * are drawn by the scheduler while it plays, and stop when it pauses.
 */
export async function videoCheck(url: string) {
  const video = document.createElement('video');
  video.muted = true;
  video.loop = true;
  video.playsInline = true;
  video.src = url;
  const cards = [card(0)];
  const store = new Store(sceneOf(cards, 'CLASSIC'));
  const compositor = await createCompositor({
    canvas: canvasEl(640, 360),
    width: 640,
    height: 360,
    source: store,
    media: (key) => (key === 'p0' ? video : null),
  });
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    await video.play();
    await wait(300);
    const s0 = compositor.stats();
    let presented = 0;
    const countFrames = (): void => {
      presented += 1;
      if (!video.paused) video.requestVideoFrameCallback(countFrames);
    };
    video.requestVideoFrameCallback(countFrames);
    await wait(2000);
    const s1 = compositor.stats();
    video.pause();
    await wait(300);
    const s2 = compositor.stats();
    await wait(1000);
    const s3 = compositor.stats();
    return {
      rVFC: typeof video.requestVideoFrameCallback === 'function',
      videoSize: [video.videoWidth, video.videoHeight],
      presentedFramesIn2s: presented,
      framesDrawnIn2s: s1.frames - s0.frames,
      uploadsIn2s: s1.videoUploads - s0.videoUploads,
      framesDrawnWhilePaused1s: s3.frames - s2.frames,
      textures: s3.textures,
    };
  } catch (error) {
    return { error: String(error) };
  } finally {
    compositor.destroy();
    video.removeAttribute('src');
    video.load();
  }
}

/**
 * Lifecycle in a real browser: a compositor re-created on the same canvas after destroy (React
 * StrictMode does that) draws again; the pixel read must be the background colour both times.
 */
export async function remountCheck(preference: 'webgl' | 'canvas') {
  const canvas = canvasEl(64, 36);
  const store = new Store({ background: { kind: 'color', color: '#ff8000' }, producers: [], previewZoom: 1, primaryColor: '#0D62C5' });
  const read = async (): Promise<number[]> => {
    const compositor = await createCompositor({ canvas, width: 64, height: 36, source: store, media: () => null, preference });
    compositor.renderNow();
    const renderer = compositor.renderer as RendererInternals;
    let pixel: number[];
    if (renderer.gl) {
      const buf = new Uint8Array(4);
      renderer.gl.readPixels(0, 0, 1, 1, renderer.gl.RGBA, renderer.gl.UNSIGNED_BYTE, buf);
      pixel = [...buf];
    } else pixel = [...canvas.getContext('2d')!.getImageData(0, 0, 1, 1).data];
    compositor.destroy();
    compositor.destroy(); // idempotent
    return pixel;
  };
  const first = await read();
  const second = await read();
  // StrictMode: effect, cleanup, effect. The second creation starts while the first init is pending;
  // the first compositor is destroyed as soon as it resolves.
  const strict = createCompositor({ canvas, width: 64, height: 36, source: store, media: () => null, preference }).then((c) => c.destroy());
  const third = await read();
  await strict;
  canvas.remove();
  const ok = first.join() === '255,128,0,255' && second.join() === first.join() && third.join() === first.join();
  return { first, second, strictModeRemount: third, ok };
}
