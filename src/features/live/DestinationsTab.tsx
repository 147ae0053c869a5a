/** The Destinations tab (issue 23): the watch page's link, the event's destinations, and the Add form. */
import { useEffect } from 'react';
import { DESTINATIONS_LIST, loadDestinations } from '../../services/live/destinations';
import { useLiveStore } from '../../state/live/store';
import { FailureNotice } from '../../ui/FailureNotice';
import { AddDestinationForm } from './AddDestinationForm';
import { DestinationRow } from './DestinationRow';
import { LIVE_TEXTS } from './texts';
import { WatchLink } from './WatchLink';

export function DestinationsTab() {
  const destinations = useLiveStore((s) => s.destinations);
  const loaded = useLiveStore((s) => s.destinationsLoaded);
  const loading = useLiveStore((s) => !s.destinationsLoaded && s.busy.includes(DESTINATIONS_LIST));
  const failure = useLiveStore((s) => s.failure);
  useEffect(() => void loadDestinations(), []);
  return (
    <div className="live-tab">
      <WatchLink />
      <section className="live-section" aria-labelledby="destinations-heading">
        <h3 id="destinations-heading" className="live-heading">
          {LIVE_TEXTS.tabDestinations}
        </h3>
        {failure && <FailureNotice className="live-failure" message={failure} onDismiss={() => useLiveStore.getState().clearFailure()} />}
        {loading && <p className="field-hint">{LIVE_TEXTS.loading}</p>}
        {!loaded ? null : destinations.length === 0 ? (
          <p className="live-empty">{LIVE_TEXTS.noDestinations}</p>
        ) : (
          <ul className="destination-list" aria-label={LIVE_TEXTS.destinationsLabel}>
            {destinations.map((d) => (
              <DestinationRow key={d.id} destination={d} />
            ))}
          </ul>
        )}
      </section>
      <AddDestinationForm />
    </div>
  );
}
