/**
 * The guest page ({base}guest/{inviteToken}, backend mode): the invite is checked; the guest gives a
 * name and checks their devices, joins backstage, and then sees their own preview, mic and camera
 * toggles, whether they are backstage or on air, the program return (the output scene drawn by the
 * same compositor, without their own sound) and Leave. A removal by the host ends it for good.
 */
import { useEffect, useState } from 'react';
import { cleanText, limitDraft } from '../../lib/text';
import { NAME_MAX } from '../../lib/limits';
import { checkInvite, GUEST_TEXTS, joinAsGuest } from '../../services/meeting/guestSession';
import type { ServerBackend } from '../../services/remote/remoteBackend';
import { useGuestStore } from '../../state/guestStore';
import { Logo } from '../../ui/Logo';
import { BASE_PATH } from '../../config';
import { Spinner } from '../../ui/Spinner';
import { HairCheck } from '../haircheck/HairCheck';
import { GuestView } from './GuestView';
import './guest.css';

const GUEST_USER = { id: 'guest', username: 'guest', firstName: '', lastName: '', emailId: '', profilePicture: '' };

function Notice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="guest-notice" data-testid="guest-notice">
      <Logo size={32} />
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function NameField({ value, onChange, cut }: { value: string; onChange(v: string): void; cut: boolean }) {
  return (
    <label className="field guest-name">
      <span className="field-label">Your name</span>
      <input className="input" value={value} onChange={(e) => onChange(e.target.value)} autoComplete="name" placeholder="How the host and the audience see you" data-testid="guest-name" data-autofocus />
      {cut && <span className="field-error">Names are at most {NAME_MAX} characters.</span>}
    </label>
  );
}

export function GuestPage({ server, inviteToken }: { server: ServerBackend; inviteToken: string }) {
  const phase = useGuestStore((s) => s.phase);
  const eventTitle = useGuestStore((s) => s.eventTitle);
  const notice = useGuestStore((s) => s.notice);
  const [draft, setDraft] = useState({ text: '', cut: false });
  useEffect(() => void checkInvite(server, inviteToken), [server, inviteToken]);

  const attendee = useGuestStore((s) => s.attendee);
  // An attendee brought on stage joins under the name they gave the event (the server uses it).
  const name = attendee?.name ?? cleanText(draft.text, { max: NAME_MAX }).text;
  const back = attendee && (
    <button type="button" className="btn btn-secondary" onClick={() => location.assign(`${BASE_PATH}watch/${encodeURIComponent(attendee.sharingUrl)}`)}>
      {GUEST_TEXTS.backToEvent}
    </button>
  );
  switch (phase.name) {
    case 'checking':
      return (
        <Notice title="Checking your invite…">
          <Spinner label="Checking your invite" />
        </Notice>
      );
    case 'invalid':
      return <Notice title={phase.message} />;
    case 'removed':
      return <Notice title={GUEST_TEXTS.removed}>{back}</Notice>;
    case 'left':
      return (
        <Notice title={GUEST_TEXTS.left}>
          <button type="button" className="btn btn-primary" onClick={() => void checkInvite(server, inviteToken)}>
            Join again
          </button>
          {back}
        </Notice>
      );
    case 'joined':
      return <GuestView />;
    case 'ready':
    case 'joining':
      return (
        <>
          <HairCheck
            user={GUEST_USER}
            eventTitle={eventTitle}
            connecting={phase.name === 'joining'}
            onProceed={() => void joinAsGuest(server, inviteToken, name)}
            variant={{
              greeting: `You're invited to ${eventTitle}`,
              intro: 'Enter your name and check your camera, microphone and speaker. You wait backstage until the host puts you on air.',
              enterLabel: 'JOIN BACKSTAGE',
              previewName: name || 'You',
              canProceed: !!name,
              fields: attendee ? <p className="guest-as">{GUEST_TEXTS.invitedAs(attendee.name)}</p> : <NameField value={draft.text} cut={draft.cut} onChange={(v) => setDraft(limitDraft(v, { max: NAME_MAX }))} />,
            }}
          />
          {notice && (
            <p className="guest-toast" role="alert">
              {notice}
            </p>
          )}
        </>
      );
  }
}
