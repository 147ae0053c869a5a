/** The lower panel: the backstage where producer cards wait to go on air. */
import { UserPlus } from 'lucide-react';
import { useLayoutStore } from '../../state/layoutStore';

export function BackstageArea() {
  const showRegisterPopup = useLayoutStore((s) => s.showRegisterPopup);
  return (
    <section className="backstage-area" aria-labelledby="backstage-title">
      <header className="pane-header">
        <h2 id="backstage-title">Backstage</h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={showRegisterPopup}>
          <UserPlus size={14} aria-hidden /> Invite Guest
        </button>
      </header>
      <div className="backstage-empty muted">Guests who join your event wait here until you put them on air.</div>
    </section>
  );
}
