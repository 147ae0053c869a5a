import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './ui/theme.css';
import './features/haircheck/haircheck.css';
import './features/studio/studio.css';
import './features/stage/stage.css';
import './features/dialogs/dialogs.css';
import './features/tour/tour.css';
import './features/live/broadcast.css';
import './features/entrance/entrance.css';
import { App } from './app/App';
import { createBackend } from './app/pickBackend';
import { installBackend } from './state/backend';
import { loadRuntimeConfig } from './config';
import { log } from './log';

// config.json next to index.html says what the studio runs on: the instant demo, or the services of §7.
void loadRuntimeConfig().then(async ({ config, problem }) => {
  if (problem) log.warn('config', `${problem}: running the instant demo`);
  installBackend(createBackend(config));
  // Tests and benchmarks only (src/dev): never in the production build.
  if (import.meta.env.MODE !== 'production') (await import('./dev')).installDev();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
