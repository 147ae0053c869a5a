/**
 * The confirmation before deleting something the audience has seen (a poll, a question): the item's
 * own text, what deleting it means, CANCEL (focused) and the decisive action. Confirming closes the
 * dialog first, then deletes, so the dialog never waits for the call.
 */
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmDeleteProps {
  title: string;
  /** The item as the moderator knows it (a poll's question, a question's text). */
  subject: string;
  /** What deleting it means. */
  body: string;
  confirmLabel: string;
  onDelete(): void;
  onClose(): void;
}

export function ConfirmDelete({ title, subject, body, confirmLabel, onDelete, onClose }: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        onDelete();
      }}
    >
      <p className="delete-subject">{subject}</p>
      <p>{body}</p>
    </ConfirmDialog>
  );
}
