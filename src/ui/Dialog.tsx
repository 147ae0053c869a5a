/**
 * A modal dialog: role="dialog", labelled by its title, focus moved inside and kept there, Escape
 * cancels (when the dialog has a cancel action), focus returns to where it was on close.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  onCancel?: () => void;
  /** Optional close icon in the corner (same as cancel). */
  closeLabel?: string;
  className?: string;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, children, actions, onCancel, closeLabel, className, testId, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box)?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && onCancel) {
      e.stopPropagation();
      onCancel();
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onKeyDown={onKeyDown}>
      <div ref={ref} role={role} aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={`dialog ${className ?? ''}`} data-testid={testId}>
        {closeLabel && onCancel && (
          <button type="button" className="dialog-close icon-button" aria-label={closeLabel} onClick={onCancel}>
            ×
          </button>
        )}
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children && <div className="dialog-body">{children}</div>}
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}
