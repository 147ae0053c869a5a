import { useAlertsStore } from '../../state/alertsStore';

/** §9 info messages (each hides after 5 s), announced politely to screen readers. */
export function InfoMessages() {
  const infos = useAlertsStore((s) => s.infos);
  return (
    <div className="info-messages" aria-live="polite">
      {infos.map((m) => (
        <div key={m.id} className="info-message" role="status">
          {m.text}
        </div>
      ))}
    </div>
  );
}
