/** A yes/no confirmation: CANCEL (focused, Escape) and one decisive action. */
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { TEXTS } from '../lib/texts';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  danger?: boolean;
  testId?: string;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, danger = true, testId }: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      testId={testId}
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} data-autofocus>
            {TEXTS.cancel}
          </button>
          <button type="button" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
