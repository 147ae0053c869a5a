/** The application shell (§2): splash, device screens, routes, error boundary. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { SPLASH_MS } from '../lib/limits';
import { paced } from '../lib/pace';
import { DemoPage } from '../features/haircheck/DemoPage';
import { SelectChannel } from './SelectChannel';
import { ErrorBoundary } from './ErrorBoundary';
import { platformVerdict } from './platform';
import { parseRoute, useRoute } from '../ui/router';
import { Splash } from './Splash';
import { BrowserNotSupported, MobileNotSupported } from './Unsupported';
import { useScreenStore } from '../state/screenStore';
import { serverMode } from '../services/remote/mode';
import { SignedIn } from '../features/entrance/BackendHome';
import { EventsPage } from '../features/entrance/EventsPage';
import { EventEntry } from '../features/entrance/EventEntry';
import { demoAttendeePort } from '../demo/audience/attendeeClient';
import { DEMO_SHARING_URL } from '../demo/demoData';

/** The output page (compositor only) is its own chunk, as the studio is (DemoPage). */
const LazyOutputPage = lazy(() => import('../features/output/OutputPage').then((m) => ({ default: m.OutputPage })));
const OutputPage = () => (
  <Suspense fallback={null}>
    <LazyOutputPage />
  </Suspense>
);

/** The template gallery (designers' review of every graphic) is its own chunk too. */
const LazyGalleryPage = lazy(() => import('../features/gallery/GalleryPage').then((m) => ({ default: m.GalleryPage })));
const GalleryPage = () => (
  <Suspense fallback={null}>
    <LazyGalleryPage />
  </Suspense>
);

/** The public watch page is its own chunk, with hls.js: the studio never loads it, the audience never loads the studio. */
const LazyWatchPage = lazy(() => import('../features/watch/WatchPage').then((m) => ({ default: m.WatchPage })));
/** The demo's event page (issue 32) reaches the demo studio in another tab; any other link in the demo is unknown. */
const demoPort = (sharingUrl: string) => (serverMode() || sharingUrl !== DEMO_SHARING_URL ? null : openDemoPort);
const openDemoPort = (sharingUrl: string) => demoAttendeePort({ sharingUrl });
const WatchPage = ({ sharingUrl }: { sharingUrl: string }) => (
  <Suspense fallback={null}>
    <LazyWatchPage key={sharingUrl} sharingUrl={sharingUrl} studioApi={serverMode()?.clients.services.studioApi ?? null} openPort={demoPort(sharingUrl)} />
  </Suspense>
);

/** The guest page (backend mode) is its own chunk: a guest never loads the studio. */
const LazyGuestPage = lazy(() => import('../features/guest/GuestPage').then((m) => ({ default: m.GuestPage })));

function useSplash(ms: number): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setVisible(false), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return visible;
}

function Routes() {
  const route = useRoute();
  if (route.name === 'output') return <OutputPage />;
  if (route.name === 'gallery') return <GalleryPage />;
  if (route.name === 'watch') return <WatchPage sharingUrl={route.sharingUrl} />;
  if (route.name === 'select-channel') return <SelectChannel />;
  if (route.name === 'not-found') return <SelectChannel notFoundPath={route.path} />;
  // Backend mode (config.json): sign in, pick an event or follow its join link, then the studio.
  const server = serverMode();
  if (server) {
    if (route.name === 'guest')
      return (
        <Suspense fallback={null}>
          <LazyGuestPage key={route.inviteToken} server={server} inviteToken={route.inviteToken} />
        </Suspense>
      );
    if (route.name === 'event')
      return (
        <SignedIn>
          <EventEntry key={route.sharingUrl} sharingUrl={route.sharingUrl} />
        </SignedIn>
      );
    return (
      <SignedIn>
        <EventsPage />
      </SignedIn>
    );
  }
  if (route.name === 'event') return <SelectChannel notFoundPath={`event/${route.sharingUrl}`} />;
  if (route.name === 'guest') return <SelectChannel notFoundPath={`guest/${route.inviteToken}`} />;
  return <DemoPage code={route.code} />;
}

export function App() {
  // The output page is for capture and playout tools, the gallery for designers, the watch page for the
  // audience (any browser, phones too): no splash, no device screens.
  const first = parseRoute(window.location.pathname, window.location.search);
  if (first.name === 'output') return <OutputPage />;
  if (first.name === 'gallery') return <GalleryPage />;
  if (first.name === 'watch') return <WatchPage sharingUrl={first.sharingUrl} />;
  return <Studio />;
}

function Studio() {
  const splash = useSplash(paced('splash', SPLASH_MS));
  const verdict = platformVerdict(navigator.userAgent, navigator.maxTouchPoints);
  if (splash) return <Splash />;
  if (verdict === 'mobile') return <MobileNotSupported />;
  if (verdict === 'unsupported-browser') return <BrowserNotSupported />;
  return (
    <ErrorBoundary onReset={() => useScreenStore.setState({ exitDialogOpen: false, registerPopupVisible: false })}>
      <Routes />
    </ErrorBoundary>
  );
}
