/** A layout's icon, drawn from the same geometry the compositor uses (§2: depends on the live count). */
import { layoutRects } from '../../compositor/layout';
import type { LayoutCode } from '../../compositor/model/types';

export function LayoutIcon({ layout, count, contentShare = false }: { layout: LayoutCode; count: number; contentShare?: boolean }) {
  const slots = layoutRects(layout, Math.max(1, Math.min(count, 9)), { contentShare });
  return (
    <svg className="layout-icon" viewBox="0 0 160 90" aria-hidden>
      <rect x="0" y="0" width="160" height="90" rx="6" className="layout-icon-frame" />
      {slots
        .filter((s) => !s.isHidden && s.position.width > 0)
        .map((s, i) => (
          <rect
            key={i}
            x={s.position.x * 160 + 1}
            y={s.position.y * 90 + 1}
            width={Math.max(2, s.position.width * 160 - 2)}
            height={Math.max(2, s.position.height * 90 - 2)}
            rx="3"
            className={i === 0 && contentShare ? 'layout-icon-share' : 'layout-icon-tile'}
          />
        ))}
    </svg>
  );
}
