/**
 * Hover and focus tooltip with the §9 delays (500 ms to open, 200 ms to close by default) and the
 * 270 px maximum width. Keyboard users get it on focus; Escape hides it.
 */
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { TOOLTIP_DELAY, TOOLTIP_MAX_WIDTH_PX } from '../lib/limits';

export interface TooltipProps {
  label: string;
  children: ReactElement<Record<string, unknown>>;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  delay?: { open: number; close: number };
}

export function Tooltip({ label, children, placement = 'bottom', delay = TOOLTIP_DELAY }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), next ? delay.open : delay.close);
  };

  return (
    <span
      className="tooltip-anchor"
      onMouseEnter={() => schedule(true)}
      onMouseLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span role="tooltip" id={id} className={`tooltip tooltip-${placement}`} style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}>
          {label}
        </span>
      )}
    </span>
  );
}
