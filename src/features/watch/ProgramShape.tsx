/**
 * The picture an attendee watches (issue 34): when the broadcast has a vertical program, a phone held
 * upright plays it and any screen offers both; what the attendee picks stays picked. Without one,
 * the 16:9 program alone.
 */
import { useEffect, useState } from 'react';
import { FRAME_SHAPES, LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';
import { WATCH_TEXTS } from './texts';

const PORTRAIT_SCREEN = '(orientation: portrait)';

/** Whether the screen is upright now (it follows a phone turned). */
function usePortraitScreen(): boolean {
  const [portrait, setPortrait] = useState(() => matchMedia(PORTRAIT_SCREEN).matches);
  useEffect(() => {
    const query = matchMedia(PORTRAIT_SCREEN);
    const follow = () => setPortrait(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return portrait;
}

/** The shape to play and a way to pick one: the attendee's pick, else the screen's. */
export function useProgramShape(hasVertical: boolean): [FrameShape, (shape: FrameShape) => void] {
  const portrait = usePortraitScreen();
  const [picked, pick] = useState<FrameShape | null>(null);
  if (!hasVertical) return [LANDSCAPE, pick];
  return [picked ?? (portrait ? PORTRAIT : LANDSCAPE), pick];
}

export function ShapeSwitch({ shape, onPick }: { shape: FrameShape; onPick(shape: FrameShape): void }) {
  return (
    <div className="watch-shapes" role="group" aria-label={WATCH_TEXTS.shapeLabel} data-testid="watch-shapes">
      {FRAME_SHAPES.map((s) => (
        <button key={s} type="button" className={`btn btn-small ${s === shape ? 'btn-primary' : 'btn-secondary'}`} aria-pressed={s === shape} onClick={() => onPick(s)}>
          {WATCH_TEXTS.shapes[s]}
        </button>
      ))}
    </div>
  );
}
