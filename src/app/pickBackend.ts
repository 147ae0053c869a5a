/** Chooses, once at start-up, what the studio runs on (the runtime config.json). */
import type { RuntimeConfig } from '../config';
import { createDemoBackend } from '../demo/demoBackend';
import type { Backend } from '../state/backend';
import { useRemoteStore } from '../state/remoteStore';
import { createServerBackend } from '../services/remote/remoteBackend';
import { installServerMode } from '../services/remote/mode';

export function createBackend(config: RuntimeConfig): Backend {
  switch (config.backend) {
    case 'demo':
      installServerMode(null);
      useRemoteStore.setState({ auth: 'demo' });
      return createDemoBackend();
    case 'server': {
      const server = createServerBackend(config.services, { disablePtSequinCheck: config.disablePtSequinCheck, meeting: config.meeting });
      installServerMode(server);
      useRemoteStore.setState({ auth: 'unknown' });
      return server.backend;
    }
  }
}
