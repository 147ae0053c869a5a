/**
 * A scene's picture (issue 25): the compositor draws the scene's own SceneModel (its look taken on
 * the stage as it is now, so the people and graphics it would show), never a screenshot of the
 * preview. Drawn again when the look or the stage's people and graphics change, a moment later.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { SceneLook } from '../../state/rundown/types';
import { lookScene } from '../../state/rundown/thumbnail';
import { useChannelStore } from '../../state/channel/store';
import { errorMessage, log } from '../../log';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailRenderer } from './thumbnails';

/** How long the stage must rest before thumbnails are drawn again (a drag moves it every frame). */
const REDRAW_AFTER_MS = 300;

export function SceneThumbnail({ look }: { look: SceneLook }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const doc = useChannelStore((s) => s.doc);
  const scene = useMemo(() => lookScene(doc, look), [doc, look]);

  useEffect(() => {
    let stopped = false;
    const timer = setTimeout(() => {
      void thumbnailRenderer().then(
        (r) => !stopped && canvas.current && r.draw(scene, canvas.current),
        (error: unknown) => log.warn('rundown', `scene thumbnails cannot be drawn: ${errorMessage(error)}`),
      );
    }, REDRAW_AFTER_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [scene]);

  return <canvas ref={canvas} className="scene-thumb" width={THUMBNAIL_WIDTH} height={THUMBNAIL_HEIGHT} aria-hidden data-testid="scene-thumbnail" />;
}
