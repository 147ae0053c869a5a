#!/usr/bin/env node
// Makes sure the Janus WebRTC Server exists for the studio backend's meeting (guests and screen
// share, src/server/janus): Debian's janus. The backend starts its own Janus on loopback with a
// generated configuration; nothing of the package's own is used.
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

const bin = process.env.JANUS_BIN || '/usr/bin/janus';
ensureDebianPackages({ name: 'janus', present: () => existsSync(bin), packages: ['janus'], describe: () => bin, why: 'without it the backend runs with guests and screen share off' });
