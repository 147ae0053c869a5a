/**
 * A popup menu drawn in a portal at a fixed position next to its anchor (below if it fits, else
 * above; inside the window), so no pane edge can clip or cover it. Arrow keys move, Escape and a
 * click outside close it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const GAP_PX = 4;
const EDGE_PX = 8;

export function menuPosition(anchor: DOMRect, menu: { width: number; height: number }, viewport = { width: window.innerWidth, height: window.innerHeight }) {
  const below = anchor.bottom + GAP_PX;
  const top = below + menu.height <= viewport.height - EDGE_PX ? below : Math.max(EDGE_PX, anchor.top - GAP_PX - menu.height);
  const left = Math.max(EDGE_PX, Math.min(anchor.right - menu.width, viewport.width - menu.width - EDGE_PX));
  return { top, left };
}

export function PopupMenu({ label, anchor, onClose, children, className }: { label: string; anchor: HTMLElement | null; onClose(): void; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!anchor || !ref.current) return;
    setPosition(menuPosition(anchor.getBoundingClientRect(), { width: ref.current.offsetWidth, height: ref.current.offsetHeight }));
  }, [anchor]);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role^=menuitem]:not(:disabled)')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node) && !anchor?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [anchor, onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role^=menuitem]:not(:disabled)') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      onClose();
      anchor?.focus();
    } else if (e.key === 'ArrowDown') items[(i + 1) % items.length]?.focus();
    else if (e.key === 'ArrowUp') items[(i - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
  };

  return createPortal(
    <div ref={ref} className={`popup-menu ${className ?? ''}`} role="menu" aria-label={label} onKeyDown={onKeyDown} style={position ?? { visibility: 'hidden', top: 0, left: 0 }}>
      {children}
    </div>,
    document.body,
  );
}
