/** Live results (§2 Poll): one horizontal bar per option with its votes and percentage. */
import { tallyPoll } from '../../state/polls/rules';
import type { Poll } from '../../state/polls/types';
import { POLL_TEXTS as T } from './texts';

export function PollResults({ poll }: { poll: Poll }) {
  const { rows, total } = tallyPoll(poll);
  const top = Math.max(0, ...rows.map((r) => r.votes));
  return (
    <div className="poll-results">
      <ul className="poll-result-list" aria-label={T.resultsLabel}>
        {rows.map((r) => (
          <li key={r.optionNumber} className={`poll-result${top > 0 && r.votes === top ? ' leading' : ''}`} aria-label={T.result(r.option, r.votes, r.percent)}>
            <div className="poll-result-head" aria-hidden>
              <span className="poll-result-option">{r.option}</span>
              <span className="poll-result-figures">
                {T.votes(r.votes)} · <strong>{r.percent}%</strong>
              </span>
            </div>
            <div className="poll-bar" aria-hidden>
              <div className="poll-bar-fill" style={{ width: `${r.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
      <p className="poll-total" data-testid="poll-total">
        {T.votes(total)}
      </p>
    </div>
  );
}
