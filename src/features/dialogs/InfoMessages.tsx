import { useAlertsStore } from '../../state/alertsStore';

/**
 * §9 info messages (each hides after 5 s), announced politely to screen readers; an action's answer
 * (src/state/feedback.ts) shows here as a brief toast the live region already says, so it is not read twice.
 */
export function InfoMessages() {
  const infos = useAlertsStore((s) => s.infos);
  return (
    <div className="info-messages" aria-live="polite">
      {infos.map((m) =>
        m.action ? (
          <div key={m.id} className="info-message action-toast" data-testid="action-toast" aria-hidden="true">
            {m.text}
          </div>
        ) : (
          <div key={m.id} className="info-message" role="status">
            {m.text}
          </div>
        ),
      )}
    </div>
  );
}
