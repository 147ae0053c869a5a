/** The producer/video area: the 16:9 live preview frame (the compositor draws into it). */
import { MonitorPlay } from 'lucide-react';

export function StageArea() {
  return (
    <section className="stage-area" aria-label="Live preview">
      <div className="stage-frame" data-testid="stage-frame">
        <div className="stage-empty">
          <MonitorPlay size={40} aria-hidden />
          <p>Your stage is empty</p>
          <p className="muted">Put people on air from the backstage below.</p>
        </div>
      </div>
    </section>
  );
}
