/**
 * The announcement form (§2 Q&A): presets Q&A, Interact live and Free text pre-fill the message;
 * Send is enabled only when the message is non-empty (§5). It goes out as a banner (§7 manage/banner,
 * body bannerMessage), cleaned by the shared text rule and cut to its limit with the reason shown;
 * a confirmation shows for the §9 info-message time.
 */
import { Megaphone, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { announce } from '../../services/audience/qna';
import { ANNOUNCEMENT_MAX, ANNOUNCEMENT_RULE, QNA_MASK_HIDE_MS } from '../../state/qna/limits';
import { cleanText, limitDraft } from '../../lib/text';
import { CutReason } from '../../ui/CutReason';
import { useTimedValue } from '../poll/useTimedValue';
import { QNA_TEXTS as T, type AnnouncementPreset } from './texts';

const PRESETS: readonly AnnouncementPreset[] = ['QNA', 'INTERACT', 'FREE'];

export function AnnouncementForm({ onClose }: { onClose(): void }) {
  const id = useId();
  const [preset, setPreset] = useState<AnnouncementPreset>('QNA');
  const [message, setMessage] = useState<string>(T.presetMessages.QNA);
  const [cut, setCut] = useState(false);
  const [sending, setSending] = useState(false);
  const [confirmation, showConfirmation] = useTimedValue<string>(QNA_MASK_HIDE_MS);
  const clean = cleanText(message, ANNOUNCEMENT_RULE).text;

  const choose = (next: AnnouncementPreset) => {
    setPreset(next);
    setMessage(T.presetMessages[next]);
    setCut(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (clean === '' || sending) return;
    setSending(true);
    const ok = await announce(clean);
    setSending(false);
    if (ok) showConfirmation(T.sent);
  };

  return (
    <form className="qna-announce" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <div className="qna-announce-head">
        <Megaphone size={16} aria-hidden />
        <h3 id={`${id}-title`}>{T.announcementTitle}</h3>
        <button type="button" className="btn btn-ghost btn-small qna-announce-close" onClick={onClose}>
          {T.close}
        </button>
      </div>
      <p className="field-hint">{T.announcementHint}</p>
      <div role="radiogroup" aria-label={T.presetLabel} className="qna-presets">
        {PRESETS.map((p) => (
          <label key={p} className={`qna-preset${preset === p ? ' selected' : ''}`}>
            <input type="radio" name={`${id}-preset`} value={p} checked={preset === p} onChange={() => choose(p)} />
            {T.presets[p]}
          </label>
        ))}
      </div>
      <label className="visually-hidden" htmlFor={`${id}-message`}>
        {T.message}
      </label>
      <textarea
        id={`${id}-message`}
        className="textarea"
        value={message}
        placeholder={T.messagePlaceholder}
        aria-describedby={cut ? `${id}-cut` : undefined}
        onChange={(e) => {
          const next = limitDraft(e.target.value, ANNOUNCEMENT_RULE);
          setMessage(next.text);
          setCut(next.cut);
        }}
      />
      <CutReason id={`${id}-cut`} max={ANNOUNCEMENT_MAX} cut={cut} />
      <div className="qna-announce-actions">
        <p className="qna-announce-sent" role="status">
          {confirmation ?? ''}
        </p>
        <button type="submit" className="btn btn-primary btn-small" disabled={clean === '' || sending}>
          <Send size={14} aria-hidden />
          {T.send}
        </button>
      </div>
    </form>
  );
}
