/**
 * People › Attendees › Invite and access (issue 32, backend mode): whether attendee pages show the
 * count, whether only personal links admit (§3 allowInvitedAttendeesOnly), and those links, one per
 * person: made with a name, copied, revoked (whoever joined through it is removed). Each change
 * shows at once and is put back, with the reason, if the server refuses it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Check, Copy } from 'lucide-react';
import { COPY_CONFIRMATION_MS, NAME_MAX } from '../../lib/limits';
import { isBlankText } from '../../lib/text';
import { describeFailure } from '../../services/audience/failure';
import type { AttendeeInvite, AudienceAccess, AudienceAccessService } from '../../state/people/service';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FailureNotice } from '../../ui/FailureNotice';
import { Switch } from '../../ui/Switch';
import { useTimedValue } from '../poll/useTimedValue';

export const ACCESS_TEXTS = {
  heading: 'Invite and access',
  showCount: 'Show the attendee count on the event page',
  invitedOnly: 'Only invited attendees can join',
  invitedOnlyHint: 'Anyone else who opens the event page is told to use their personal link.',
  name: 'Name of the person you invite',
  make: 'Make link',
  none: 'No personal links yet. Make one for each person you invite.',
  copy: 'Copy link',
  copied: 'Copied',
  revoke: 'Revoke',
  state: (i: AttendeeInvite) => (i.revoked ? 'Revoked' : i.used ? 'Joined' : 'Not used yet'),
  revokeTitle: 'Revoke this link?',
  revokeBody: 'The link stops working, and whoever joined through it is removed from the event.',
  failed: (what: string, why: string) => `${what} failed: ${why}`,
} as const;

const T = ACCESS_TEXTS;
const linkOf = (i: AttendeeInvite) => new URL(i.path, location.origin).href;

function InviteRow({ invite, onRevoke }: { invite: AttendeeInvite; onRevoke(): void }) {
  const [copied, showCopied] = useTimedValue<boolean>(COPY_CONFIRMATION_MS);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="invite-row" data-testid="attendee-invite">
      <span className="invite-name">{invite.name}</span>
      <span className="invite-state">{T.state(invite)}</span>
      {!invite.revoked && (
        <>
          <button type="button" className="btn btn-secondary btn-small" aria-label={`${T.copy}: ${invite.name}`} onClick={() => void navigator.clipboard?.writeText(linkOf(invite)).then(() => showCopied(true), () => undefined)}>
            {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />} {copied ? T.copied : T.copy}
          </button>
          <button type="button" className="btn btn-secondary btn-small" aria-label={`${T.revoke}: ${invite.name}`} onClick={() => setConfirming(true)}>
            {T.revoke}
          </button>
        </>
      )}
      {confirming && <ConfirmDelete title={T.revokeTitle} subject={invite.name} body={T.revokeBody} confirmLabel={T.revoke} onDelete={onRevoke} onClose={() => setConfirming(false)} />}
    </li>
  );
}

export function AttendeeAccess({ service }: { service: AudienceAccessService }) {
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState<AudienceAccess | null>(null);
  const [invites, setInvites] = useState<AttendeeInvite[]>([]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (what: string) => (e: unknown) => setFailure(T.failed(what, describeFailure(e)));

  useEffect(() => {
    if (!open) return;
    let live = true;
    Promise.all([service.settings(), service.invites()]).then(([s, list]) => live && (setSettings(s), setInvites(list)), fail(T.heading));
    return () => void (live = false);
  }, [open, service]);

  const change = (key: keyof AudienceAccess, value: boolean) => {
    if (!settings) return;
    const before = settings;
    setSettings({ ...settings, [key]: value });
    service.change({ [key]: value }).then(setSettings, (e: unknown) => (setSettings(before), fail(key === 'invitedOnly' ? T.invitedOnly : T.showCount)(e)));
  };
  const make = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || isBlankText(name)) return;
    setBusy(true);
    try {
      const made = await service.invite(name);
      setInvites((list) => [...list, made]);
      setName('');
    } catch (error) {
      fail(T.make)(error);
    } finally {
      setBusy(false);
    }
  };
  const revoke = (invite: AttendeeInvite) => {
    setInvites((list) => list.map((i) => (i.id === invite.id ? { ...i, revoked: true } : i)));
    service.revoke(invite.id).catch((e: unknown) => (setInvites((list) => list.map((i) => (i.id === invite.id ? invite : i))), fail(`${T.revoke}: ${invite.name}`)(e)));
  };

  return (
    <details className="audience-access" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{T.heading}</summary>
      <div className="audience-access-body">
        {failure && <FailureNotice className="access-failure" message={failure} onDismiss={() => setFailure(null)} />}
        <Switch label={T.showCount} checked={settings?.showAttendeeCount ?? false} disabled={!settings} onChange={(v) => change('showAttendeeCount', v)} />
        <Switch label={T.invitedOnly} hint={T.invitedOnlyHint} checked={settings?.invitedOnly ?? false} disabled={!settings} onChange={(v) => change('invitedOnly', v)} />
        <form className="invite-form" onSubmit={(e) => void make(e)}>
          <label className="field">
            <span className="field-label">{T.name}</span>
            <input className="input" value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary btn-small" disabled={busy || isBlankText(name)}>
            {T.make}
          </button>
        </form>
        {invites.length === 0 ? (
          <p className="field-hint">{T.none}</p>
        ) : (
          <ul className="invite-list" aria-label="Personal links">
            {invites.map((i) => (
              <InviteRow key={i.id} invite={i} onRevoke={() => revoke(i)} />
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
