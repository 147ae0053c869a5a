/**
 * One poll in a list, by its §4 state: created (Edit, Delete, Start poll), ACTIVE (Live badge,
 * live results, share link, End poll), DONE (final results).
 */
import { Pencil, Play, Square, Trash2 } from 'lucide-react';
import { canDeletePoll, canEditPoll, canEndPoll, isDraft } from '../../state/polls/rules';
import type { Poll } from '../../state/polls/types';
import { PollResults } from './PollResults';
import { ShareLinkBubble } from './ShareLinkBubble';
import { POLL_TEXTS as T } from './texts';

export interface PollCardProps {
  poll: Poll;
  busy: boolean;
  /** §4: Start only when no poll is ACTIVE. */
  canStart: boolean;
  shortUrl: string;
  onEdit(): void;
  onDelete(): void;
  onStart(): void;
  onEnd(): void;
}

export function PollCard({ poll, busy, canStart, shortUrl, onEdit, onDelete, onStart, onEnd }: PollCardProps) {
  const live = poll.status === 'ACTIVE';
  const headingId = `poll-${poll.pollGuid}`;
  return (
    <article className={`poll-card${live ? ' live' : ''}`} aria-labelledby={headingId} aria-busy={busy}>
      <header className="poll-card-head">
        {live && (
          <span className="poll-badge poll-badge-live">
            <span className="poll-live-dot" aria-hidden />
            {T.live}
          </span>
        )}
        {isDraft(poll) && <span className="poll-badge">{T.draft}</span>}
        {poll.status === 'DONE' && <span className="poll-badge poll-badge-done">{T.completed}</span>}
        <h3 id={headingId} className="poll-question">
          {poll.question}
        </h3>
      </header>

      {isDraft(poll) ? (
        <ol className="poll-option-preview">
          {poll.options.map((o) => (
            <li key={o.optionNumber}>{o.option}</li>
          ))}
        </ol>
      ) : (
        <PollResults poll={poll} />
      )}

      {live && shortUrl && <ShareLinkBubble url={shortUrl} />}

      {isDraft(poll) && (
        <div className="poll-card-actions">
          {canEditPoll(poll) && (
            <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={onEdit}>
              <Pencil size={14} aria-hidden />
              {T.edit}
            </button>
          )}
          {canDeletePoll(poll) && (
            <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={onDelete}>
              <Trash2 size={14} aria-hidden />
              {T.delete}
            </button>
          )}
          <button type="button" className="btn btn-primary btn-small poll-start" disabled={busy || !canStart} onClick={onStart}>
            <Play size={14} aria-hidden />
            {T.startPoll}
          </button>
          {!canStart && <p className="field-hint poll-start-hint">{T.startBlocked}</p>}
        </div>
      )}
      {canEndPoll(poll) && (
        <div className="poll-card-actions">
          <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={onEnd}>
            <Square size={14} aria-hidden />
            {T.endPoll}
          </button>
        </div>
      )}
    </article>
  );
}
