/** A layout's icon, drawn from the same geometry the compositor uses (§2: depends on the live count). */
import { layoutRects } from '../../compositor/layout';
import { MAX_LIVE_SHOWN } from '../../compositor/model/constants';
import type { LayoutCode, Rect } from '../../compositor/model/types';

/**
 * The fewest people an icon is drawn for: one person fills the frame in every layout, so with one on
 * air all six icons would be the same full frame (Cover and Picture in Picture could not be told apart).
 */
const ICON_MIN_COUNT: Record<LayoutCode, number> = { CLASSIC: 2, COVER: 1, SPLIT: 3, CINEMA: 2, SIDEBYSIDE: 2, PIP: 2 };

const VIEW = { width: 160, height: 90 } as const;

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export function LayoutIcon({ layout, count, contentShare = false }: { layout: LayoutCode; count: number; contentShare?: boolean }) {
  const n = Math.min(Math.max(count, ICON_MIN_COUNT[layout]), MAX_LIVE_SHOWN);
  const tiles = layoutRects(layout, n, { contentShare })
    .filter((s) => !s.isHidden && s.position.width > 0)
    .map((s) => s.position);
  return (
    <svg className="layout-icon" viewBox={`0 0 ${VIEW.width} ${VIEW.height}`} aria-hidden>
      <rect x="0" y="0" width={VIEW.width} height={VIEW.height} rx="6" className="layout-icon-frame" />
      {tiles.map((p, i) => {
        // A tile over another one (Picture in Picture's insets) is outlined, or it would vanish into the tile under it.
        const inset = tiles.slice(0, i).some((under) => overlaps(under, p));
        return (
          <rect
            key={i}
            x={p.x * VIEW.width + 1}
            y={p.y * VIEW.height + 1}
            width={Math.max(2, p.width * VIEW.width - 2)}
            height={Math.max(2, p.height * VIEW.height - 2)}
            rx="3"
            className={i === 0 && contentShare ? 'layout-icon-share' : inset ? 'layout-icon-tile layout-icon-inset' : 'layout-icon-tile'}
          />
        );
      })}
    </svg>
  );
}
