/** An inline reply to a published question (§5: a reply is sent only if non-empty, sanitized). */
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { sanitizeText } from '../../lib/text';
import { QNA_TEXTS as T } from './texts';

export interface ReplyFormProps {
  busy: boolean;
  /** Resolves to whether the reply was stored; on failure the text stays for another try. */
  onSend(content: string): Promise<boolean>;
  onCancel(): void;
}

export function ReplyForm({ busy, onSend, onCancel }: ReplyFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const clean = sanitizeText(text).trim();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clean === '' || busy) return;
    if (await onSend(clean)) setText('');
  };
  return (
    <form className="qna-reply" onSubmit={(e) => void submit(e)}>
      <label className="qna-visually-hidden" htmlFor={`${id}-reply`}>
        {T.replyLabel}
      </label>
      <textarea
        id={`${id}-reply`}
        className="textarea"
        value={text}
        placeholder={T.replyPlaceholder}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      />
      <div className="qna-reply-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={clean === '' || busy}>
          <Send size={14} aria-hidden />
          {T.sendReply}
        </button>
      </div>
    </form>
  );
}
