/**
 * A public message's moderator actions (§4, §6): Show on stream / Hide from stream (one message at
 * a time) and Delete. Delete is hidden for a message on stream or sent by the user. It cannot be
 * undone once the server has it, so it asks first, inline in the row (no modal: moderating a busy
 * chat needs speed): "Delete for everyone?" Delete / Cancel; Escape cancels. Their tooltips come from
 * the list's one TooltipScope (data-tooltip).
 */
import { MonitorOff, MonitorUp, Trash2 } from 'lucide-react';
import { canDeleteMessage, canShowOnStream, isOnStream } from '../../state/chat/rules';
import type { ChatMessage } from '../../state/chat/types';
import { CHAT_TEXTS as T } from './texts';

export interface PublicMessageActionsProps {
  message: ChatMessage;
  confirming: boolean;
  onShow(): void;
  onHide(): void;
  onAskDelete(): void;
  onConfirmDelete(): void;
  onCancelDelete(): void;
}

export function PublicMessageActions({ message, confirming, onShow, onHide, onAskDelete, onConfirmDelete, onCancelDelete }: PublicMessageActionsProps) {
  const name = message.sender.name;
  if (confirming)
    return (
      <div className="chat-confirm" role="group" aria-label={T.deleteFor(name)} onKeyDown={(e) => e.key === 'Escape' && onCancelDelete()}>
        <span className="chat-confirm-text">{T.confirmDeleteQuestion}</span>
        <button type="button" className="btn btn-danger btn-small" autoFocus onClick={onConfirmDelete}>
          {T.confirmDelete}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={onCancelDelete}>
          {T.cancel}
        </button>
      </div>
    );
  const onStream = isOnStream(message);
  return (
    <>
      {onStream ? (
        <button type="button" className="btn btn-small chat-stream-button on" onClick={onHide}>
          <MonitorOff size={14} aria-hidden />
          {T.hideFromStream}
        </button>
      ) : (
        canShowOnStream(message) && (
          <button type="button" className="icon-button chat-action" aria-label={T.showOnStream} data-tooltip={T.showOnStream} onClick={onShow}>
            <MonitorUp size={16} aria-hidden />
          </button>
        )
      )}
      {canDeleteMessage(message) && (
        <button type="button" className="icon-button chat-action chat-delete" aria-label={T.deleteFor(name)} data-tooltip={T.delete} onClick={onAskDelete}>
          <Trash2 size={16} aria-hidden />
        </button>
      )}
    </>
  );
}
