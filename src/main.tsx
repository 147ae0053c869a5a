import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './ui/theme.css';
import './features/haircheck/haircheck.css';
import './features/studio/studio.css';
import './features/stage/stage.css';
import './features/dialogs/dialogs.css';
import './features/tour/tour.css';
import './features/golive/golive.css';
import { App } from './app/App';
import { createBackend } from './app/backend';
import { installBackend } from './state/backend';
import { installTestSurface } from './app/testSurface';
import { CONFIG } from './config';

installBackend(createBackend(CONFIG));
if (import.meta.env.MODE !== 'production') installTestSurface();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
