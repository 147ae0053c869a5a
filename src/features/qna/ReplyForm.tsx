/**
 * An inline reply to a published question (§5: a reply is sent only if non-empty), cleaned by the
 * shared text rule and cut to its limit with the reason shown.
 */
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { cleanText, limitDraft } from '../../lib/text';
import { QNA_REPLY_MAX, QNA_REPLY_RULE } from '../../state/qna/limits';
import { CutReason } from '../../ui/CutReason';
import { QNA_TEXTS as T } from './texts';

export interface ReplyFormProps {
  busy: boolean;
  /** Resolves to whether the reply was stored; on failure the text stays for another try. */
  onSend(content: string): Promise<boolean>;
  onCancel(): void;
}

export function ReplyForm({ busy, onSend, onCancel }: ReplyFormProps) {
  const id = useId();
  const [{ text, cut }, setDraft] = useState({ text: '', cut: false });
  const clean = cleanText(text, QNA_REPLY_RULE).text;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clean === '' || busy) return;
    if (await onSend(clean)) setDraft({ text: '', cut: false });
  };
  return (
    <form className="qna-reply" onSubmit={(e) => void submit(e)}>
      <label className="visually-hidden" htmlFor={`${id}-reply`}>
        {T.replyLabel}
      </label>
      <textarea
        id={`${id}-reply`}
        className="textarea"
        value={text}
        placeholder={T.replyPlaceholder}
        autoFocus
        aria-describedby={cut ? `${id}-cut` : undefined}
        onChange={(e) => setDraft(limitDraft(e.target.value, QNA_REPLY_RULE))}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      />
      <CutReason id={`${id}-cut`} max={QNA_REPLY_MAX} cut={cut} />
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
