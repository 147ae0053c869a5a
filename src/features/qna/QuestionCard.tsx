/**
 * One question with the actions its §4 state offers: ASKED → Decline, Publish; DECLINED → Publish,
 * Delete; ACTIVE → Reply, Delete. Answers show under it.
 */
import { Check, MessageSquareReply, ThumbsUp, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { QUESTION_ACTIONS, type QuestionAction } from '../../state/qna/rules';
import type { Question } from '../../state/qna/types';
import { fromNow } from '../../lib/fromNow';
import { initialsOf } from '../../lib/avatar';
import { ReplyForm } from './ReplyForm';
import { QNA_TEXTS as T } from './texts';

export interface QuestionCardProps {
  question: Question;
  now: number;
  busy: boolean;
  onPublish(): void;
  onDecline(): void;
  onDelete(): void;
  onReply(content: string): Promise<boolean>;
}

export function QuestionCard({ question: q, now, busy, onPublish, onDecline, onDelete, onReply }: QuestionCardProps) {
  const [replying, setReplying] = useState(false);
  const name = q.anonymous || q.initiator.name === '' ? T.anonymous : q.initiator.name;
  const headingId = `question-${q.id}`;
  const sendReply = async (text: string) => {
    const ok = await onReply(text);
    if (ok) setReplying(false);
    return ok;
  };
  const button = (action: QuestionAction) => {
    switch (action) {
      case 'PUBLISH':
        return (
          <button key={action} type="button" className="btn btn-primary btn-small" disabled={busy} onClick={onPublish}>
            <Check size={14} aria-hidden />
            {T.publish}
          </button>
        );
      case 'DECLINE':
        return (
          <button key={action} type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={onDecline}>
            <X size={14} aria-hidden />
            {T.decline}
          </button>
        );
      case 'REPLY':
        return (
          <button key={action} type="button" className="btn btn-secondary btn-small" disabled={busy || replying} aria-expanded={replying} onClick={() => setReplying(true)}>
            <MessageSquareReply size={14} aria-hidden />
            {T.reply}
          </button>
        );
      case 'DELETE':
        return (
          <button key={action} type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={onDelete}>
            <Trash2 size={14} aria-hidden />
            {T.delete}
          </button>
        );
    }
  };

  return (
    <article className={`qna-card qna-${q.status.toLowerCase()}`} aria-labelledby={headingId} aria-busy={busy}>
      <header className="qna-card-head">
        <span className={`qna-avatar${q.anonymous ? ' anonymous' : ''}`} aria-hidden>
          {q.anonymous ? '?' : initialsOf(name, 1)}
        </span>
        <div className="qna-meta">
          <span className="qna-name">{name}</span>
          <time className="qna-time" dateTime={Number.isFinite(q.timestamp) ? new Date(q.timestamp).toISOString() : undefined}>
            {fromNow(q.timestamp, now)}
          </time>
        </div>
        {q.status === 'DECLINED' && <span className="qna-badge">{T.declined}</span>}
      </header>
      <p id={headingId} className="qna-content">
        {q.content}
      </p>
      <div className="qna-stats">
        <span className="qna-stat">
          <ThumbsUp size={13} aria-hidden />
          {T.upvotes(q.upvoteCount)}
        </span>
        {q.status === 'ACTIVE' && <span className="qna-stat">{T.answerCount(q.answerCount)}</span>}
      </div>
      {q.answers.length > 0 && (
        <ul className="qna-answers" aria-label={T.answers}>
          {q.answers.map((a, i) => (
            <li key={`${a.timestamp}-${i}`} className="qna-answer">
              <span className="qna-answer-by">{a.anonymous ? T.anonymous : a.answerBy.name}</span>
              <span className="qna-time">{fromNow(a.timestamp, now)}</span>
              <p>{a.content}</p>
            </li>
          ))}
        </ul>
      )}
      {replying && <ReplyForm busy={busy} onSend={sendReply} onCancel={() => setReplying(false)} />}
      <div className="qna-actions">{QUESTION_ACTIONS[q.status].map(button)}</div>
    </article>
  );
}
