/** Chooses, once at start-up, what the studio runs on (CONFIG.backend). */
import type { BackendMode } from '../config';
import { createDemoBackend } from '../demo/demoBackend';
import type { Backend } from '../state/backend';

export function createBackend(config: { backend: BackendMode }): Backend {
  switch (config.backend) {
    case 'demo':
      return createDemoBackend();
  }
}
