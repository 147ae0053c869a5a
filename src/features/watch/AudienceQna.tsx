/**
 * The attendee's Q&A tab (issue 32): a question for the hosts (anonymously if they like; the shared
 * text rule and AUDIENCE_QUESTION_MAX, with the reason shown when it was cut), then the questions:
 * their own waiting for a moderator (or not published), and every published one with its upvotes
 * (one per attendee) and answers. A refusal shows its reason and keeps the text; past the rate limit
 * a countdown says when they may ask again.
 */
import { ThumbsUp } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AudienceQuestion } from '../../lib/audienceContract';
import { fromNow } from '../../lib/fromNow';
import { AUDIENCE_QUESTION_MAX, INFO_MESSAGE_HIDE_MS } from '../../lib/limits';
import { cleanText, limitDraft } from '../../lib/text';
import type { AttendeeSession } from '../../services/watch/attendeeSession';
import { QUESTION_RULE, questionsInOrder } from '../../state/attendee/audienceQna';
import { attendeeActions, useAttendeeStore } from '../../state/attendee/attendeeStore';
import { CutReason } from '../../ui/CutReason';
import { useTimedValue } from '../poll/useTimedValue';
import { useNow } from '../../ui/useNow';
import { WATCH_TEXTS } from './texts';

const T = WATCH_TEXTS.qna;

function AskForm({ session }: { session: AttendeeSession }) {
  const id = useId();
  const draft = useAttendeeStore((s) => s.questionDraft);
  const retryAfter = useAttendeeStore((s) => s.askRetryAfter);
  const [cut, setCut] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // §9: an info message hides after 5 s (a refusal stays until the next try).
  const [sent, showSent, hideSent] = useTimedValue<string>(INFO_MESSAGE_HIDE_MS);
  const clean = cleanText(draft.text, QUESTION_RULE).text;
  const canAsk = clean !== '' && !busy && retryAfter === 0;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canAsk) return;
    setBusy(true);
    setRefused(null);
    hideSent();
    const outcome = await session.ask(clean, draft.anonymous);
    setBusy(false);
    if (outcome.asked) {
      attendeeActions.setQuestionDraft({ text: '' });
      setCut(false);
      showSent(outcome.published ? T.autoApproved : T.waitingSent);
    } else if (!outcome.limited) setRefused(outcome.reason);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form className="audience-ask" aria-label={T.form} onSubmit={(e) => void submit(e)}>
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        {T.label}
      </label>
      <textarea
        id={`${id}-q`}
        className="textarea"
        rows={2}
        value={draft.text}
        placeholder={T.placeholder}
        aria-describedby={cut ? `${id}-cut` : undefined}
        onChange={(e) => {
          const limited = limitDraft(e.target.value, QUESTION_RULE);
          attendeeActions.setQuestionDraft({ text: limited.text });
          setCut(limited.cut);
        }}
        onKeyDown={onKeyDown}
      />
      <CutReason id={`${id}-cut`} max={AUDIENCE_QUESTION_MAX} cut={cut} />
      <div className="audience-ask-row">
        <label className="audience-ask-anonymous">
          <input type="checkbox" checked={draft.anonymous} onChange={(e) => attendeeActions.setQuestionDraft({ anonymous: e.target.checked })} />
          {T.anonymous}
        </label>
        <button type="submit" className="btn btn-primary btn-small" disabled={!canAsk}>
          {busy ? T.asking : T.ask}
        </button>
      </div>
      {retryAfter > 0 && (
        <p className="chat-rate-limit" role="status">
          {T.limited(retryAfter)}
        </p>
      )}
      {refused && (
        <p className="field-error" role="alert">
          {refused}
        </p>
      )}
      {sent && (
        <p className="audience-hint" role="status">
          {sent}
        </p>
      )}
    </form>
  );
}

function QuestionItem({ q, now, session }: { q: AudienceQuestion; now: number; session: AttendeeSession }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const upvote = async () => {
    setBusy(true);
    setRefused(await session.upvote(q.id));
    setBusy(false);
  };
  return (
    <li>
      <article className={`audience-question${q.mine ? ' mine' : ''}`} aria-labelledby={`${id}-c`}>
        <header className="audience-question-head">
          <span className="audience-question-name">
            {q.initiator.name} {q.mine && T.you}
          </span>
          <time className="audience-question-time" dateTime={new Date(q.timestamp).toISOString()}>
            {fromNow(q.timestamp, now)}
          </time>
        </header>
        <p id={`${id}-c`} className="audience-question-content">
          {q.content}
        </p>
        {q.status === 'ASKED' && <p className="audience-question-status">{T.waiting}</p>}
        {q.status === 'DECLINED' && <p className="audience-question-status declined">{T.declined}</p>}
        {q.status === 'ACTIVE' && (
          <div className="audience-question-stats">
            <button type="button" className="btn btn-ghost btn-small" aria-pressed={!!q.myUpvote} aria-label={(q.myUpvote ? T.upvoted : T.upvote)(q.upvoteCount)} disabled={busy || q.myUpvote} onClick={() => void upvote()}>
              <ThumbsUp size={14} aria-hidden />
              {q.upvoteCount}
            </button>
            <span>{T.answers(q.answerCount)}</span>
          </div>
        )}
        {refused && (
          <p className="field-error" role="alert">
            {refused}
          </p>
        )}
        {q.answers.length > 0 && (
          <ul className="audience-answers" aria-label={T.answersLabel}>
            {q.answers.map((a, i) => (
              <li key={`${a.timestamp}-${i}`} className="audience-answer">
                <strong>{a.answerBy.name}</strong> <span className="audience-question-time">{fromNow(a.timestamp, now)}</span>
                <p>{a.content}</p>
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

export function AudienceQna({ session }: { session: AttendeeSession }) {
  const questions = useAttendeeStore((s) => s.questions);
  const now = useNow();
  const shown = questionsInOrder(questions);
  return (
    <div className="audience-qna">
      <AskForm session={session} />
      {shown.length === 0 ? (
        <p className="chat-empty">{T.none}</p>
      ) : (
        <ul className="audience-questions" aria-label={T.list}>
          {shown.map((q) => (
            <QuestionItem key={q.id} q={q} now={now} session={session} />
          ))}
        </ul>
      )}
    </div>
  );
}
