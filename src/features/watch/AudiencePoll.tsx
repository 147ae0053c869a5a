/**
 * The attendee's Polls tab (issue 32): the live poll's options to vote once, then its results so
 * far; when it ends, the final results. Keyboard: the options are one radio group (arrow keys), Vote submits.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AudiencePoll as Poll } from '../../lib/audienceContract';
import { wholePercents } from '../../lib/percents';
import type { AttendeeSession } from '../../services/watch/attendeeSession';
import { useAttendeeStore } from '../../state/attendee/attendeeStore';
import { WATCH_TEXTS } from './texts';

const T = WATCH_TEXTS.poll;

function Results({ poll }: { poll: Poll & { results: NonNullable<Poll['results']> } }) {
  // The studio's rule: whole percents that add up to 100.
  const percents = wholePercents(poll.results.map((r) => r.votes));
  return (
    <ul className="audience-results">
      {poll.results.map((r, i) => {
        const percent = percents[i]!;
        const mine = poll.options[i]?.optionNumber === poll.myVote;
        return (
          <li key={i} className="audience-result">
            <span className="audience-result-label">
              {T.result(r.option, r.votes, percent)} {mine && <strong>{T.yours}</strong>}
            </span>
            <span className="audience-result-bar" aria-hidden style={{ width: `${percent}%` }} />
          </li>
        );
      })}
    </ul>
  );
}

export function AudiencePollView({ session }: { session: AttendeeSession }) {
  const poll = useAttendeeStore((s) => s.poll);
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notTaken, setNotTaken] = useState(false);
  if (!poll) return <p className="chat-empty">{T.none}</p>;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (choice === null || busy) return;
    setBusy(true);
    setNotTaken(!(await session.vote(poll.pollGuid, choice)));
    setBusy(false);
  };
  return (
    <div className="audience-poll">
      <h3 id={`${id}-q`} className="audience-poll-question">
        {poll.question}
      </h3>
      {poll.status === 'DONE' && <p className="audience-hint">{T.ended}</p>}
      {poll.results ? (
        <>
          {poll.status === 'ACTIVE' && <p className="audience-hint">{T.thanks}</p>}
          <Results poll={{ ...poll, results: poll.results }} />
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <div role="radiogroup" aria-labelledby={`${id}-q`} className="audience-options">
            {poll.options.map((o) => (
              <label key={o.optionNumber} className="audience-option">
                <input type="radio" name={`${id}-option`} value={o.optionNumber} checked={choice === o.optionNumber} onChange={() => setChoice(o.optionNumber)} />
                {o.option}
              </label>
            ))}
          </div>
          <button type="submit" className="btn btn-primary" disabled={choice === null || busy}>
            {busy ? T.voting : T.vote}
          </button>
        </form>
      )}
      {notTaken && (
        <p className="field-error" role="alert">
          {T.notTaken}
        </p>
      )}
    </div>
  );
}
