/**
 * A modal dialog on React Aria's ModalOverlay / Modal / Dialog: role="dialog" (or "alertdialog"),
 * labelled by its title, focus moved inside (the element marked data-autofocus, else the first
 * focusable one) and kept there, everything outside inert, Escape cancels (when the dialog has a cancel
 * action), focus returns on close to the element that had it before (the trigger). Callers mount it
 * to open it and unmount it to close it.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
  const ref = useRef<HTMLElement>(null);

  // React Aria focuses the dialog itself; the studio's dialogs name the control to start on.
  useEffect(() => {
    const box = ref.current;
    (box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, []);

  return (
    <ModalOverlay className="dialog-backdrop" isOpen isDismissable={false} isKeyboardDismissDisabled={!onCancel} onOpenChange={(open) => !open && onCancel?.()}>
      <Modal className="dialog-modal">
        <AriaDialog ref={ref} role={role} className={`dialog ${className ?? ''}`} data-testid={testId}>
          {closeLabel && onCancel && (
            <button type="button" className="dialog-close icon-button" aria-label={closeLabel} onClick={onCancel}>
              ×
            </button>
          )}
          <Heading slot="title" level={2} className="dialog-title">
            {title}
          </Heading>
          {children && <div className="dialog-body">{children}</div>}
          {actions && <div className="dialog-actions">{actions}</div>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
