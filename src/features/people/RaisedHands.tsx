/**
 * People › Attendees: the raised hands (issue 32), oldest first, above the list. Each offers "Invite
 * on stage" (the attendee's page then offers "Join backstage": the guest flow under their name) and
 * "Lower hand". Past the push limit it says how many there are.
 */
import { Hand } from 'lucide-react';
import { moderatorActions } from '../../services/people/moderation';
import { usePeopleStore } from '../../state/people/peopleStore';
import { Avatar } from '../../ui/Avatar';

export const RAISED_HANDS_TEXTS = {
  heading: (n: number) => `Raised hands (${n})`,
  inviteOnStage: 'Invite on stage',
  lowerHand: 'Lower hand',
  invited: 'Invited on stage',
  more: (shown: number, count: number) => `Showing the first ${shown} of ${count} raised hands.`,
} as const;

export function RaisedHands() {
  const hands = usePeopleStore((s) => s.hands);
  const count = usePeopleStore((s) => Math.max(s.handCount, s.hands.length));
  if (!hands.length) return null;
  const T = RAISED_HANDS_TEXTS;
  return (
    <section className="raised-hands" aria-labelledby="raised-hands-heading">
      <h3 id="raised-hands-heading" className="raised-hands-heading">
        <Hand size={14} aria-hidden /> {T.heading(count)}
      </h3>
      <ul className="people-list" aria-label="Raised hands">
        {hands.map((h) => (
          <li key={h.id} className="person-row" data-testid="raised-hand" data-person-id={h.id}>
            <Avatar name={h.name} />
            <span className="person-main">
              <span className="person-name">{h.name}</span>
              {h.invited && <span className="person-role">{T.invited}</span>}
            </span>
            {!h.invited && (
              <button type="button" className="btn btn-primary btn-small" onClick={() => void moderatorActions.inviteOnStage(h.id, h.name)} aria-label={`${T.inviteOnStage}: ${h.name}`}>
                {T.inviteOnStage}
              </button>
            )}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void moderatorActions.lowerHand(h.id, h.name)} aria-label={`${T.lowerHand}: ${h.name}`}>
              {T.lowerHand}
            </button>
          </li>
        ))}
      </ul>
      {count > hands.length && (
        <p className="people-note" role="note">
          {T.more(hands.length, count)}
        </p>
      )}
    </section>
  );
}
