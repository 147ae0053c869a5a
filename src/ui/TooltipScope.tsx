/**
 * One tooltip shared by many small triggers inside a container (the chat list's message actions): a
 * trigger carries `data-tooltip="text"`; hovering it shows the text after the §9 delay, keyboard focus
 * at once, Escape or leaving hides it. A React Aria TooltipTrigger per row made the chat list's mount
 * and each incoming message several times slower (benchmarks/chat-panel.mjs), so rows share this one.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import { TOOLTIP_DELAY, TOOLTIP_MAX_WIDTH_PX } from '../lib/limits';

const triggerOf = (e: SyntheticEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-tooltip]');

export function TooltipScope({ className, children, placement = 'left' }: { className?: string; children: ReactNode; placement?: 'top' | 'bottom' | 'left' | 'right' }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const showLater = (next: HTMLElement | null, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTarget(next), ms);
  };
  const triggerRef = useMemo(() => ({ current: target }), [target]);
  return (
    <div
      className={className}
      onPointerOver={(e) => {
        const next = triggerOf(e);
        if (next !== target) showLater(next, next ? TOOLTIP_DELAY.open : TOOLTIP_DELAY.close);
      }}
      onPointerLeave={() => showLater(null, TOOLTIP_DELAY.close)}
      onFocus={(e) => {
        const next = triggerOf(e);
        if (next && next.matches(':focus-visible')) showLater(next, 0);
      }}
      onBlur={() => showLater(null, 0)}
      onKeyDown={(e) => e.key === 'Escape' && showLater(null, 0)}
    >
      {children}
      {target?.isConnected && (
        <TooltipTrigger isOpen>
          <AriaTooltip triggerRef={triggerRef} placement={placement} offset={6} className="tooltip" style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}>
            {target.dataset.tooltip}
          </AriaTooltip>
        </TooltipTrigger>
      )}
    </div>
  );
}
