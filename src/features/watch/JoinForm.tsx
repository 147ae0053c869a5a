/**
 * Joining an event as an attendee (issue 32): a name (the text rule, NAME_MAX) and, when the event
 * asks, an e-mail. What the server refuses is shown under the form with its reason; nothing typed is lost.
 */
import { useId, useState, type FormEvent } from 'react';
import { EMAIL_MAX, NAME_MAX } from '../../lib/limits';
import { isBlankText } from '../../lib/text';
import { WATCH_TEXTS as T } from './texts';

export interface JoinFormProps {
  requireEmail: boolean;
  /** The name a personal link was made for: the form starts with it. */
  invitedName?: string;
  busy: boolean;
  error: string | null;
  onJoin(form: { name: string; email?: string }): void;
}

export function JoinForm({ requireEmail, invitedName, busy, error, onJoin }: JoinFormProps) {
  const id = useId();
  const [name, setName] = useState(invitedName ?? '');
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || isBlankText(name)) return;
    onJoin(requireEmail ? { name, email } : { name });
  };
  return (
    <form className="audience-join" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audience-join-title">
        {T.join.heading}
      </h2>
      <p className="audience-hint">{T.join.intro}</p>
      <label className="field">
        <span className="field-label">{T.join.name}</span>
        <input className="input" value={name} maxLength={NAME_MAX} autoComplete="name" required onChange={(e) => setName(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
      </label>
      {requireEmail && (
        <label className="field">
          <span className="field-label">{T.join.email}</span>
          <input className="input" type="email" value={email} maxLength={EMAIL_MAX} autoComplete="email" required onChange={(e) => setEmail(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
        </label>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || isBlankText(name)}>
        {busy ? T.join.joining : T.join.submit}
      </button>
    </form>
  );
}
