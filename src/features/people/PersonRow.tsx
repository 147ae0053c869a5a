/** One roster row: avatar, name, role, mic and camera state, and the participant's menu (§2, §6). */
import { useRef, useState } from 'react';
import { Mic, MicOff, MoreVertical, Video, VideoOff } from 'lucide-react';
import type { Participant } from '../../state/people/people';
import { Avatar } from '../../ui/Avatar';
import { MenuItem, PopupMenu } from '../../ui/PopupMenu';
import { Tooltip } from '../../ui/Tooltip';

export interface PersonAction {
  label: string;
  run(): void;
  disabled?: boolean;
  danger?: boolean;
}

export function PersonRow({ person, actions }: { person: Participant; actions: PersonAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const showsMedia = person.role !== 'Attendee';
  return (
    <li className="person-row" data-testid="person-row" data-person-id={person.id}>
      <Avatar name={person.name} />
      <span className="person-main">
        <span className="person-name">
          {person.name}
          {person.isSelf && <span className="muted"> (you)</span>}
        </span>
        <span className="person-role">{person.role === 'Panelist' ? 'Presenter' : person.role}</span>
      </span>
      {showsMedia && (
        <span className="person-media">
          {person.audioMute ? <MicOff size={15} aria-label="Microphone off" className="off" /> : <Mic size={15} aria-label="Microphone on" />}
          {person.videoMute ? <VideoOff size={15} aria-label="Camera off" className="off" /> : <Video size={15} aria-label="Camera on" />}
        </span>
      )}
      <Tooltip label={'More options'} placement="left">
        <button ref={button} type="button" className="icon-button" aria-label={`Options for ${person.name}`} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <MoreVertical size={16} aria-hidden />
        </button>
      </Tooltip>
      {open && (
        <PopupMenu label={`${person.name} options`} anchor={button.current} onClose={() => setOpen(false)}>
          {actions.map((a) => (
            <MenuItem key={a.label} id={a.label} className={a.danger ? 'danger' : undefined} isDisabled={a.disabled} onAction={a.run}>
              {a.label}
            </MenuItem>
          ))}
        </PopupMenu>
      )}
    </li>
  );
}
